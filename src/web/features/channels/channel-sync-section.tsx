import { CalendarSync, Copy, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatDate } from '../../../domain/format';
import {
  CHANNELS,
  feedCreateSchema,
  type Channel,
  type FeedDto,
} from '../../../domain/schemas/channel.schema';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { SimpleDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { InlineAlert } from '../../components/ui/inline-alert';
import { useCreateFeed } from './create-feed';
import { useDeleteFeed } from './delete-feed';
import { useExportUrl } from './get-export-url';
import { useFeeds } from './get-feeds';
import { useRotateExportUrl } from './rotate-export-url';
import { useSyncFeed } from './sync-feed';
import { CHANNEL_SYNC_SECTION_ID } from './channel-keys';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Please try again.';
}

function when(value: string | null): string {
  return value ? formatDate(value, 'MMM dd, yyyy h:mm a') : 'Never';
}

/** The section's anchor: the dashboard's failing-feed warning links to it. */

/** Issue 19: the cabin's channel sync on its edit page (managers and up). */
export function ChannelSyncSection({ unitId, unitName }: { unitId: string; unitName: string }) {
  return (
    <Card id={CHANNEL_SYNC_SECTION_ID} tabIndex={-1} className="scroll-mt-20">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <CalendarSync aria-hidden="true" className="size-5" />
          Channel sync
        </CardTitle>
        <CardDescription>
          Share this cabin&apos;s calendar with Airbnb, Booking.com, Agoda or VRBO, and import
          theirs so the same nights cannot be booked twice. Only dates cross: no guest names, prices
          or contacts.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ExportUrl unitId={unitId} unitName={unitName} />
        <Feeds unitId={unitId} />
      </CardContent>
    </Card>
  );
}

function ExportUrl({ unitId, unitName }: { unitId: string; unitName: string }) {
  const query = useExportUrl(unitId);
  const rotate = useRotateExportUrl(unitId);
  const [confirming, setConfirming] = useState(false);
  const url = query.data?.export_url ?? null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Export URL copied');
    } catch {
      toast.error('Could not copy: select the address and copy it yourself.');
    }
  };

  return (
    <section aria-labelledby="export-url-heading" className="grid gap-2">
      <h3 id="export-url-heading" className="font-semibold">
        Our calendar for the channels
      </h3>
      <p className="text-sm text-muted-foreground">
        Paste this address into each channel&apos;s calendar import. Keep it secret: anyone with it
        sees which nights are taken.
      </p>
      {query.isError ? (
        <InlineAlert tone="error" title="Failed to load the export URL">
          {messageOf(query.error)}
        </InlineAlert>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            readOnly
            aria-label={`Export URL of ${unitName}`}
            value={query.isPending ? 'Loading...' : (url ?? 'The export is turned off.')}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={() => void copy()} disabled={!url}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
            <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
              <RefreshCw aria-hidden="true" />
              {url ? 'Rotate' : 'Turn on'}
            </Button>
          </div>
        </div>
      )}
      <SimpleDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={url ? 'Rotate the export URL?' : 'Turn on the export?'}
        description={
          url
            ? 'The current address stops working at once. Paste the new one into every channel that imports this cabin.'
            : 'A new secret address is made for this cabin.'
        }
        footer={
          <>
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              type="button"
              loading={rotate.isPending}
              onClick={() =>
                rotate.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.success('New export URL made');
                  },
                })
              }
            >
              {url ? 'Rotate URL' : 'Turn on'}
            </Button>
          </>
        }
      />
    </section>
  );
}

function Feeds({ unitId }: { unitId: string }) {
  const query = useFeeds(unitId);
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="feeds-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="feeds-heading" className="font-semibold">
          Channels&apos; calendars
        </h3>
        <Button type="button" variant="outline" size="sm" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add feed
        </Button>
      </div>
      {query.isError ? (
        <InlineAlert tone="error" title="Failed to load the feeds">
          {messageOf(query.error)}
        </InlineAlert>
      ) : query.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading feeds...
        </p>
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No feeds yet. Add each channel&apos;s calendar address to block the nights booked there.
        </p>
      ) : (
        <ul className="grid gap-3">
          {query.data.map((feed) => (
            <FeedItem key={feed.feed_id} unitId={unitId} feed={feed} />
          ))}
        </ul>
      )}
      <AddFeedDialog unitId={unitId} open={adding} onOpenChange={setAdding} />
    </section>
  );
}

function FeedItem({ unitId, feed }: { unitId: string; feed: FeedDto }) {
  const sync = useSyncFeed(unitId);
  const remove = useDeleteFeed(unitId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3" aria-label={`Feed ${feed.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">
            {feed.name} <span className="font-normal text-muted-foreground">· {feed.channel}</span>
          </p>
          <p className="truncate font-mono text-xs text-muted-foreground">{feed.url_masked}</p>
        </div>
        <div className="flex gap-2">
          <Button
            type="button"
            size="sm"
            loading={sync.isPending}
            onClick={() =>
              sync.mutate(feed.feed_id, {
                onSuccess: (result) =>
                  result.last_error
                    ? toast.error(`Sync failed: ${result.last_error}`)
                    : toast.success(
                        `${feed.name} synced: ${result.event_count} event${result.event_count === 1 ? '' : 's'}`,
                      ),
              })
            }
          >
            <RefreshCw aria-hidden="true" />
            {sync.isPending ? 'Syncing...' : 'Sync now'}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label={`Delete feed ${feed.name}`}
            onClick={() => setConfirmDelete(true)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {sync.isPending ? (
        <p role="status" className="text-sm">
          Downloading {feed.name}...
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Last success</dt>
          <dd>{when(feed.last_success_at)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Events</dt>
          <dd>{feed.event_count}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Next run</dt>
          <dd>{when(feed.next_run_at)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Last error</dt>
          <dd>{feed.last_error ?? 'None'}</dd>
        </div>
      </dl>
      {feed.is_failing ? (
        <InlineAlert tone="warning" title="This feed has been failing for more than 24 hours">
          Nights booked on {feed.channel} since then are not blocked here. Check the address.
        </InlineAlert>
      ) : null}
      <SimpleDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete the feed ${feed.name}?`}
        description="The nights it holds are released at once and can be booked here again."
        footer={
          <>
            <Button type="button" variant="outline" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button
              type="button"
              variant="destructive"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(feed.feed_id, {
                  onSuccess: () => {
                    setConfirmDelete(false);
                    toast.success('Feed deleted');
                  },
                })
              }
            >
              Delete feed
            </Button>
          </>
        }
      />
    </li>
  );
}

type FeedErrors = Partial<Record<'name' | 'url' | 'channel', string>>;

function AddFeedDialog({
  unitId,
  open,
  onOpenChange,
}: {
  unitId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateFeed(unitId);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [channel, setChannel] = useState<Channel>('Airbnb');
  const [errors, setErrors] = useState<FeedErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setName('');
      setUrl('');
      setChannel('Airbnb');
      setErrors({});
      setFormError(null);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = feedCreateSchema.safeParse({ name, url, channel });
    if (!parsed.success) {
      const next: FeedErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FeedErrors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Feed added. Press Sync now to import it.');
        close(false);
      },
      onError: (error) => setFormError(messageOf(error)),
    });
  };

  return (
    <SimpleDialog
      open={open}
      onOpenChange={close}
      title="Add a channel's calendar"
      description="Find the export (iCal) address in the channel's calendar settings and paste it here."
    >
      <form className="grid gap-4" onSubmit={submit} noValidate>
        {formError ? <InlineAlert tone="error" title={formError} /> : null}
        <Field label="Name" required error={errors.name}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </Field>
        <Field
          label="Calendar address (URL)"
          required
          error={errors.url}
          description="Starts with https://. It is kept secret and shown masked after saving."
        >
          <Input
            type="url"
            inputMode="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            autoComplete="off"
          />
        </Field>
        <Field label="Channel" required error={errors.channel}>
          <Select
            value={channel}
            onChange={(e) => setChannel(e.target.value as Channel)}
            options={CHANNELS.map((value) => ({ value, label: value }))}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add feed
          </Button>
        </div>
      </form>
    </SimpleDialog>
  );
}
