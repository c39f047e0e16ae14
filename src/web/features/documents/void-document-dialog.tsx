import { useState } from 'react';
import type { DocumentDto } from '../../../domain/schemas/document.schema';
import { voidDocumentSchema } from '../../../domain/schemas/document.schema';
import { DOCUMENT_MESSAGES } from '../../../domain/documents';
import { ReasonDialog } from '../../components/ui/reason-dialog';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { useVoidDocument } from './void-document';

export interface VoidDocumentDialogProps {
  document: DocumentDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Issue 20 point 2 (managers and up): a document is never edited or deleted; it is voided with a
 * reason, keeps its number marked VOID, and a corrected one may be issued that names it.
 */
export function VoidDocumentDialog({ document, open, onOpenChange }: VoidDocumentDialogProps) {
  const voiding = useVoidDocument();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = () => {
    setFormError(null);
    const parsed = voidDocumentSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(DOCUMENT_MESSAGES.voidReason);
      return;
    }
    setError(null);
    voiding.mutate(
      { documentId: document.document_id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.success(`${document.display_number} is void.`);
          onOpenChange(false);
        },
        onError: (failure) => {
          const atReason = isApiError(failure)
            ? failure.issues?.find((issue) => issue.path === 'reason')
            : undefined;
          if (atReason) setError(atReason.message);
          else setFormError(failure instanceof Error ? failure.message : 'Nothing was voided.');
        },
      },
    );
  };

  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Void ${document.display_number}?`}
      description="It keeps its number and stays in the sales journal marked VOID, with your reason. You can then issue a corrected document."
      summary={{
        text: `${document.display_number} · ${document.buyer_name}`,
        amount: document.total,
      }}
      reasonLabel="Reason for voiding"
      reason={reason}
      onReasonChange={(next) => {
        setReason(next);
        if (error) setError(null);
      }}
      error={error}
      formError={formError}
      keepLabel="Keep Document"
      confirmLabel="Void Document"
      loadingText="Voiding..."
      pending={voiding.isPending}
      onConfirm={submit}
    />
  );
}
