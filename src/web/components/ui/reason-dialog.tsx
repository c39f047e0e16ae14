import type { ReactNode } from 'react';
import { formatCurrency } from '../../../domain/format';
import { Button } from './button';
import { SimpleDialog } from './dialog';
import { Field } from './field';
import { Textarea } from './textarea';

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** What is being undone, and its amount (pesos). */
  summary: { text: ReactNode; amount: number; testId?: string };
  reasonLabel: string;
  reasonDescription?: string;
  reason: string;
  onReasonChange: (reason: string) => void;
  /** The message under the reason. */
  error: string | null;
  /** A refusal that is not about the reason. */
  formError: string | null;
  keepLabel: string;
  confirmLabel: string;
  loadingText: string;
  pending: boolean;
  onConfirm: () => void;
}

/**
 * A record is never edited or deleted: undoing it (a folio entry reversed, a receipt voided)
 * asks for the reason first. The dialog names what is undone and keeps the reason's message
 * under its field.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  summary,
  reasonLabel,
  reasonDescription,
  reason,
  onReasonChange,
  error,
  formError,
  keepLabel,
  confirmLabel,
  loadingText,
  pending,
  onConfirm,
}: ReasonDialogProps) {
  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {keepLabel}
          </Button>
          <Button
            variant="destructive"
            onClick={onConfirm}
            loading={pending}
            loadingText={loadingText}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="grid min-w-0 grid-cols-1 gap-4">
        <div
          className="flex justify-between gap-4 rounded-lg border border-border bg-sand-50 p-4 text-sm"
          data-testid={summary.testId}
        >
          <span className="min-w-0 break-words">{summary.text}</span>
          <span className="shrink-0 font-semibold tabular-nums">
            {formatCurrency(summary.amount)}
          </span>
        </div>
        <Field
          label={reasonLabel}
          required
          error={error ?? undefined}
          description={reasonDescription}
        >
          <Textarea
            rows={3}
            value={reason}
            onChange={(event) => onReasonChange(event.target.value)}
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
