import { ArrowLeft, ArrowRight, ImageIcon, ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { ChangeEvent } from 'react';
import {
  MAX_UNIT_PHOTOS,
  PHOTO_ALT_TEXT_MAX,
  UNIT_PHOTO_MESSAGES,
} from '../../../domain/schemas/unit-photo.schema';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { SimpleDialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { ProofFileError, detectProofKind, prepareProofFile } from '../../lib/prepare-proof-file';
import { useDeleteUnitPhoto } from './delete-unit-photo';
import { useReorderUnitPhotos } from './reorder-unit-photos';
import { useUpdateUnitPhoto } from './update-unit-photo';
import { useUploadUnitPhoto } from './upload-unit-photo';
import type { UnitDto as Unit } from '../../../domain/schemas/unit.schema';
import type { UnitPhotoDto as UnitPhoto } from '../../../domain/schemas/unit-photo.schema';

/** For the file chooser: HEIC/HEIF is offered because the browser converts it to JPEG first. */
const PHOTO_ACCEPT =
  'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif';

/**
 * The file to send: the payment proof's preparation (HEIC converted, a large photo compressed to
 * at most 1920 px), for images only. The server checks and re-encodes it again.
 */
async function preparePhoto(file: File): Promise<File> {
  const kind = await detectProofKind(file).catch(() => null);
  if (kind === null || kind === 'pdf') throw new ProofFileError(UNIT_PHOTO_MESSAGES.invalidType);
  return prepareProofFile(file);
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Please try again.';
}

/** Issue 15: the cabin's photos on its edit page (managers and up). Each change is saved at once. */
export function UnitPhotosSection({ unit }: { unit: Unit }) {
  const photos = unit.photos ?? [];
  const upload = useUploadUnitPhoto(unit.unit_id);
  const [progress, setProgress] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const room = MAX_UNIT_PHOTOS - photos.length;
  // After a move the keyboard stays on the photo that moved: its button is found once the new
  // order is drawn.
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfterMove.current) return;
    document.querySelector<HTMLButtonElement>(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  }, [unit.photos]);

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setUploadError(undefined);
    if (files.length > room) {
      setUploadError(
        room === 0
          ? UNIT_PHOTO_MESSAGES.limit
          : `Only ${room} more ${room === 1 ? 'photo fits' : 'photos fit'}: choose at most ${room}.`,
      );
      return;
    }
    let added = 0;
    try {
      for (const [index, file] of files.entries()) {
        setProgress(
          files.length > 1
            ? `Uploading photo ${index + 1} of ${files.length}...`
            : 'Uploading photo...',
        );
        const prepared = await preparePhoto(file);
        await upload.mutateAsync(prepared);
        added += 1;
      }
      toast.success(added === 1 ? 'Photo added' : `${added} photos added`);
    } catch (error) {
      const message = messageOf(error);
      setUploadError(added > 0 ? `${added} added; the next one failed: ${message}` : message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Photos</CardTitle>
        <CardDescription>
          Up to {MAX_UNIT_PHOTOS} photos. The first is the cabin&apos;s picture on the home page,
          the booking form and the calendar. Photos are resized and their location data removed.
          Changes here are saved at once.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {photos.length === 0 ? (
          <EmptyState
            icon={ImageIcon}
            headingLevel="h3"
            title="No photos yet"
            description="Guests see a drawing of a beach cabin until you add one."
          />
        ) : (
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photos, in order">
            {photos.map((photo, index) => (
              <PhotoItem
                key={photo.photo_id}
                unit={unit}
                photo={photo}
                index={index}
                photos={photos}
                focusAfterMove={focusAfterMove}
              />
            ))}
          </ol>
        )}

        <Field
          label="Add photos"
          description={`JPG, PNG, WebP or HEIC. ${photos.length} of ${MAX_UNIT_PHOTOS} used.`}
          error={uploadError}
        >
          <Input
            type="file"
            data-photo-input
            accept={PHOTO_ACCEPT}
            multiple
            disabled={progress !== null || room === 0}
            onChange={(event) => void onChoose(event)}
            className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-accent file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-accent-foreground"
          />
        </Field>
        {progress ? (
          <p className="flex items-center gap-2 text-sm" role="status">
            <Spinner size="sm" />
            {progress}
          </p>
        ) : room === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <ImagePlus aria-hidden="true" className="size-4" />
            This cabin has {MAX_UNIT_PHOTOS} photos: delete one to add another.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PhotoItem({
  unit,
  photo,
  index,
  photos,
  focusAfterMove,
}: {
  unit: Unit;
  photo: UnitPhoto;
  index: number;
  photos: UnitPhoto[];
  focusAfterMove: RefObject<string | null>;
}) {
  const reorder = useReorderUnitPhotos(unit.unit_id);
  const number = index + 1;
  const isLast = index === photos.length - 1;

  const move = (by: -1 | 1) => {
    const ids = photos.map((p) => p.photo_id);
    ids.splice(index, 1);
    ids.splice(index + by, 0, photo.photo_id);
    if (reorder.isPending) return;
    const at = index + by;
    // At an end, the other button of the same photo.
    const wanted =
      at === 0 ? 'later' : at === photos.length - 1 ? 'earlier' : by < 0 ? 'earlier' : 'later';
    focusAfterMove.current = `[data-move="${photo.photo_id}-${wanted}"]`;
    reorder.mutate(ids, {
      onError: (error) => {
        focusAfterMove.current = null;
        toast.error(messageOf(error));
      },
    });
  };

  return (
    <li className="grid content-start gap-3 rounded-lg border border-border bg-surface p-3">
      <img
        src={photo.thumb_url}
        width={photo.thumb_width}
        height={photo.thumb_height}
        alt={photo.alt_text ?? `${unit.unit_name}, photo ${number}`}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full rounded-md bg-sea-100 object-cover"
      />
      <p className="text-sm font-medium">
        Photo {number} of {photos.length}
        {index === 0 ? <span className="text-muted-foreground"> · shown first</span> : null}
      </p>
      <AltTextForm unitId={unit.unit_id} photo={photo} number={number} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          data-move={`${photo.photo_id}-earlier`}
          aria-label={`Move photo ${number} earlier`}
          disabled={index === 0}
          aria-disabled={reorder.isPending || undefined}
          onClick={() => move(-1)}
        >
          <ArrowLeft aria-hidden="true" />
          Earlier
        </Button>
        <Button
          variant="outline"
          size="sm"
          data-move={`${photo.photo_id}-later`}
          aria-label={`Move photo ${number} later`}
          disabled={isLast}
          aria-disabled={reorder.isPending || undefined}
          onClick={() => move(1)}
        >
          Later
          <ArrowRight aria-hidden="true" />
        </Button>
        <DeletePhotoButton unit={unit} photo={photo} number={number} />
      </div>
    </li>
  );
}

function AltTextForm({
  unitId,
  photo,
  number,
}: {
  unitId: string;
  photo: UnitPhoto;
  number: number;
}) {
  const update = useUpdateUnitPhoto(unitId);
  const [value, setValue] = useState(photo.alt_text ?? '');
  const [error, setError] = useState<string | undefined>();
  const changed = value.trim() !== (photo.alt_text ?? '');

  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        update.mutate(
          { photoId: photo.photo_id, changes: { alt_text: value } },
          {
            onSuccess: (photos) => {
              const saved = photos.find((p) => p.photo_id === photo.photo_id);
              setValue(saved?.alt_text ?? '');
              toast.success('Alt text saved');
            },
            onError: (failure) => {
              const issue = isApiError(failure) ? failure.issues?.[0]?.message : undefined;
              setError(issue ?? messageOf(failure));
            },
          },
        );
      }}
    >
      <Field
        label={`Alt text of photo ${number} (optional)`}
        description="What the photo shows, for guests who cannot see it."
        error={error}
      >
        <Input
          value={value}
          maxLength={PHOTO_ALT_TEXT_MAX}
          onChange={(event) => setValue(event.target.value)}
        />
      </Field>
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        className="justify-self-start"
        disabled={!changed}
        loading={update.isPending}
        loadingText="Saving..."
      >
        Save alt text<span className="sr-only"> of photo {number}</span>
      </Button>
    </form>
  );
}

function DeletePhotoButton({
  unit,
  photo,
  number,
}: {
  unit: Unit;
  photo: UnitPhoto;
  number: number;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteUnitPhoto(unit.unit_id);
  return (
    <SimpleDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="destructive" size="sm" aria-label={`Delete photo ${number}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title={`Delete photo ${number}?`}
      description={`The photo is removed from ${unit.unit_name} for good.`}
      footer={
        <>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            loading={remove.isPending}
            loadingText="Deleting..."
            onClick={() => {
              // This item leaves the list when the answer arrives: act on the promise, which
              // settles whether or not the component is still there.
              remove
                .mutateAsync(photo.photo_id)
                .then(() => {
                  toast.success('Photo deleted');
                  document.querySelector<HTMLInputElement>('[data-photo-input]')?.focus();
                })
                .catch((error: unknown) => toast.error(messageOf(error)))
                .finally(() => setOpen(false));
            }}
          >
            Delete Photo
          </Button>
        </>
      }
    />
  );
}
