import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { SimpleDialog } from './dialog';
import type { DialogContentProps } from './dialog';
import { InlineAlert } from './inline-alert';

/**
 * A dialog holding one form: Cancel and a submit button in the footer, the refusal that is not a
 * field's above the fields. `onClosed` runs when it closes, so an unsaved form starts over.
 */
export function FormDialog({
  open,
  onOpenChange,
  onClosed,
  trigger,
  title,
  description,
  size,
  formId,
  submitLabel,
  pending,
  onSubmit,
  formError,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed: () => void;
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  size?: DialogContentProps['size'];
  formId: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
  formError: string | null;
  children: ReactNode;
}) {
  return (
    <SimpleDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClosed();
        onOpenChange(next);
      }}
      trigger={trigger}
      size={size}
      title={title}
      description={description}
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending} loadingText="Saving...">
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="grid gap-4"
        onSubmit={(event) => void onSubmit(event)}
      >
        {formError ? <InlineAlert tone="error">{formError}</InlineAlert> : null}
        {children}
      </form>
    </SimpleDialog>
  );
}
