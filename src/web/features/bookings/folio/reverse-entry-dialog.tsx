import { useState } from 'react';
import { LIMITS } from '../../../../domain/constants';
import { formatCurrency } from '../../../../domain/format';
import type { FolioEntryDto } from '../../../../domain/schemas/folio.schema';
import { reverseEntrySchema } from '../../../../domain/schemas/folio.schema';
import { Button } from '../../../components/ui/button';
import { SimpleDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import { useReverseFolioEntry } from './reverse-folio-entry';

export interface ReverseEntryDialogProps {
  bookingId: string;
  entry: FolioEntryDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Issue 17 point 1: an entry is never edited or deleted; a manager reverses it with a reason,
 * asked here before anything is posted.
 */
export function ReverseEntryDialog({
  bookingId,
  entry,
  open,
  onOpenChange,
}: ReverseEntryDialogProps) {
  const reverse = useReverseFolioEntry(bookingId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = () => {
    setFormError(null);
    const parsed = reverseEntrySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'A reason is required to reverse an entry');
      return;
    }
    setError(null);
    reverse.mutate(
      { entryId: entry.entry_id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.success('Entry reversed.');
          onOpenChange(false);
        },
        onError: (failure) => {
          const atReason = isApiError(failure)
            ? failure.issues?.find((issue) => issue.path === 'reason')
            : undefined;
          if (atReason) setError(atReason.message);
          else setFormError(failure instanceof Error ? failure.message : 'Nothing was reversed.');
        },
      },
    );
  };

  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reverse this entry?"
      description="A reversing entry of the opposite amount is posted with your reason; the entry itself stays on the folio."
      footer={
        <>
          <Button
            variant="outline"
            onClick={() => onOpenChange(false)}
            disabled={reverse.isPending}
          >
            Keep Entry
          </Button>
          <Button
            variant="destructive"
            onClick={submit}
            loading={reverse.isPending}
            loadingText="Reversing..."
          >
            Reverse Entry
          </Button>
        </>
      }
    >
      <div className="grid min-w-0 grid-cols-1 gap-4">
        <div
          className="flex justify-between gap-4 rounded-lg border border-border bg-sand-50 p-4 text-sm"
          data-testid="reverse-entry"
        >
          <span className="min-w-0 break-words">{entry.description}</span>
          <span className="shrink-0 font-semibold tabular-nums">
            {formatCurrency(entry.amount)}
          </span>
        </div>
        <Field
          label="Reason for reversing"
          required
          error={error ?? undefined}
          description={`${reason.length} / ${LIMITS.notes_max} characters`}
        >
          <Textarea
            rows={3}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (error) setError(null);
            }}
          />
        </Field>
        {formError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {formError}
          </p>
        ) : null}
      </div>
    </SimpleDialog>
  );
}
