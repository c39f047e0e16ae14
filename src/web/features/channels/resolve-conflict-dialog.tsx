import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatDate } from '../../../domain/format';
import {
  CONFLICT_RESOLUTION_LABELS,
  CONFLICT_RESOLUTIONS,
  conflictResolveSchema,
  type ChannelConflictDto,
  type ConflictResolution,
} from '../../../domain/schemas/channel.schema';
import { Button } from '../../components/ui/button';
import { SimpleDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { InlineAlert } from '../../components/ui/inline-alert';
import { useResolveConflict } from './resolve-conflict';

/** Records how a conflict was settled (the dashboard's card and the booking page's alert). */
export function ResolveDialog({
  conflict,
  onClose,
}: {
  conflict: ChannelConflictDto | null;
  onClose: () => void;
}) {
  const resolve = useResolveConflict();
  const [resolution, setResolution] = useState<ConflictResolution | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ resolution?: string; note?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);

  const close = () => {
    setResolution('');
    setNote('');
    setErrors({});
    setFormError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!conflict) return;
    const parsed = conflictResolveSchema.safeParse({ resolution, note });
    if (!parsed.success) {
      const next: { resolution?: string; note?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'resolution' | 'note';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    resolve.mutate(
      { holdId: conflict.hold_id, input: parsed.data },
      {
        onSuccess: () => {
          toast.success('Conflict resolved');
          close();
        },
        onError: (error) => setFormError(error.message),
      },
    );
  };

  return (
    <SimpleDialog
      open={conflict !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Resolve the conflict"
      description={
        conflict
          ? `${conflict.unit_name}, ${conflict.channel}: ${formatDate(conflict.start_date, 'MMM dd')} to ${formatDate(conflict.end_date, 'MMM dd')}`
          : undefined
      }
    >
      <form className="grid gap-4" onSubmit={submit} noValidate>
        {formError ? <InlineAlert tone="error" title={formError} /> : null}
        <Field label="What was done" required error={errors.resolution}>
          <Select
            value={resolution}
            placeholder="Choose one"
            onChange={(e) => setResolution(e.target.value as ConflictResolution)}
            options={CONFLICT_RESOLUTIONS.map((value) => ({
              value,
              label: CONFLICT_RESOLUTION_LABELS[value],
            }))}
          />
        </Field>
        <Field label="Note" required error={errors.note}>
          <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={resolve.isPending}>
            Resolve
          </Button>
        </div>
      </form>
    </SimpleDialog>
  );
}
