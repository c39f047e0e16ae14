import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { SimpleDialog } from '../../components/ui/dialog';
import { InlineAlert } from '../../components/ui/inline-alert';

/**
 * The frame of the front desk's questions about a booking (check in, check out, the changes of a
 * stay): a small form, the server's refusal above it, Go Back and the confirming button. It
 * stays open while the answer is awaited.
 */
export function BookingQuestionDialog({
  title,
  description,
  confirmLabel,
  loadingText,
  pending,
  disabled = false,
  failure,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  loadingText: string;
  pending: boolean;
  disabled?: boolean;
  /** The server's refusal that belongs to no field (a 409 naming the taken nights). */
  failure: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <SimpleDialog
      open
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Go Back
          </Button>
          <Button
            onClick={onSubmit}
            loading={pending}
            loadingText={loadingText}
            disabled={disabled}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form
        noValidate
        aria-label={title}
        className="grid min-w-0 grid-cols-1 gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {failure ? (
          <InlineAlert tone="error" title="Not changed">
            {failure}
          </InlineAlert>
        ) : null}
        {children}
      </form>
    </SimpleDialog>
  );
}
