import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { hasRoleAtLeast } from '../../../domain/constants';
import { formatDate } from '../../../domain/format';
import {
  CONFLICT_RESOLUTION_LABELS,
  CONFLICT_RESOLUTIONS,
  conflictResolveSchema,
  type ChannelConflictDto,
  type ConflictResolution,
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
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { useCurrentUser } from '../auth/get-session';
import { InlineAlert } from '../../components/ui/inline-alert';
import { useChannelConflicts } from './get-channel-conflicts';
import { useResolveConflict } from './resolve-conflict';

/** The card's anchor: the booking page's alert links to /dashboard#channel-conflicts. */
export const CONFLICTS_CARD_ID = 'channel-conflicts';

/**
 * Issue 19 §4: a channel's booking imported over a direct one. Shown on the dashboard until staff
 * resolve it; nothing shows while there is none.
 */
export function ChannelConflictsCard() {
  const query = useChannelConflicts();
  const user = useCurrentUser();
  const canResolve = hasRoleAtLeast(user?.role, 'manager');
  const [resolving, setResolving] = useState<ChannelConflictDto | null>(null);
  if (!query.data || query.data.length === 0) return null;
  return (
    <Card id={CONFLICTS_CARD_ID} tabIndex={-1} className="border-destructive/40">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <AlertTriangle aria-hidden="true" className="size-5 text-destructive" />
          Channel conflicts
        </CardTitle>
        <CardDescription>
          A channel booked nights that a direct booking already holds. Move or cancel the direct
          booking, or settle it on the channel, then record what was done.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {query.data.map((conflict) => (
            <li
              key={conflict.hold_id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
            >
              <div>
                <p className="font-semibold">
                  {conflict.unit_name}: {conflict.channel} ({conflict.feed_name})
                </p>
                <p className="text-sm">
                  {formatDate(conflict.start_date, 'MMM dd, yyyy')} to{' '}
                  {formatDate(conflict.end_date, 'MMM dd, yyyy')} · over{' '}
                  {conflict.booking_references.join(', ') || 'a direct booking'}
                </p>
              </div>
              {canResolve ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-label={`Resolve the ${conflict.channel} conflict on ${conflict.unit_name}`}
                  onClick={() => setResolving(conflict)}
                >
                  Resolve
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </CardContent>
      <ResolveDialog conflict={resolving} onClose={() => setResolving(null)} />
    </Card>
  );
}

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
