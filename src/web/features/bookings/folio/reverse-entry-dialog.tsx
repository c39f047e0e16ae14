import { useState } from 'react';
import { LIMITS } from '../../../../domain/constants';
import type { FolioEntryDto } from '../../../../domain/schemas/folio.schema';
import { reverseEntrySchema } from '../../../../domain/schemas/folio.schema';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
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
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reverse this entry?"
      description="A reversing entry of the opposite amount is posted with your reason; the entry itself stays on the folio."
      summary={{ text: entry.description, amount: entry.amount, testId: 'reverse-entry' }}
      reasonLabel="Reason for reversing"
      reasonDescription={`${reason.length} / ${LIMITS.notes_max} characters`}
      reason={reason}
      onReasonChange={(next) => {
        setReason(next);
        if (error) setError(null);
      }}
      error={error}
      formError={formError}
      keepLabel="Keep Entry"
      confirmLabel="Reverse Entry"
      loadingText="Reversing..."
      pending={reverse.isPending}
      onConfirm={submit}
    />
  );
}
