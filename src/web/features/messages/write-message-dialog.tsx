import { Send } from 'lucide-react';
import { useState } from 'react';
import { MESSAGE_LIMITS, oneOffMessageSchema } from '../../../domain/schemas/message.schema';
import { Button } from '../../components/ui/button';
import { SimpleDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { useWriteGuestMessage } from './write-guest-message';

type FieldName = 'subject' | 'body';
type FieldErrors = Partial<Record<FieldName, string>>;

function isFieldName(path: unknown): path is FieldName {
  return path === 'subject' || path === 'body';
}

export interface WriteMessageDialogProps {
  bookingId: string;
  bookingReference: string;
  guestEmail: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Issue 18 point 3: a one-off e-mail to the guest, sent now and listed with the others. */
export function WriteMessageDialog({
  bookingId,
  bookingReference,
  guestEmail,
  open,
  onOpenChange,
}: WriteMessageDialogProps) {
  const write = useWriteGuestMessage(bookingId);
  const [subject, setSubject] = useState(`Your booking ${bookingReference}`);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = () => {
    setFormError(null);
    const parsed = oneOffMessageSchema.safeParse({ subject, body });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isFieldName(field)) next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    write.mutate(parsed.data, {
      onSuccess: (message) => {
        if (message.status === 'failed') {
          setFormError(
            `The e-mail could not be sent: ${message.error ?? 'the mail server refused it'}`,
          );
          return;
        }
        toast.success(`E-mail sent to ${guestEmail}.`);
        onOpenChange(false);
      },
      onError: (failure) => {
        const next: FieldErrors = {};
        if (isApiError(failure)) {
          for (const issue of failure.issues ?? []) {
            if (isFieldName(issue.path)) next[issue.path] ??= issue.message;
          }
        }
        setErrors(next);
        if (Object.keys(next).length === 0) {
          setFormError(failure instanceof Error ? failure.message : 'The e-mail was not sent.');
        }
      },
    });
  };

  return (
    <SimpleDialog
      open={open}
      onOpenChange={(next) => {
        // Closing while sending would hide the outcome.
        if (!write.isPending) onOpenChange(next);
      }}
      title="Write to guest"
      description={`An e-mail to ${guestEmail} about booking ${bookingReference}, sent now and kept with the booking's messages.`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={write.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={write.isPending} loadingText="Sending...">
            <Send aria-hidden="true" />
            Send e-mail
          </Button>
        </>
      }
    >
      <form
        noValidate
        className="grid min-w-0 grid-cols-1 gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field label="Subject" required error={errors.subject}>
          <Input
            value={subject}
            maxLength={MESSAGE_LIMITS.subject}
            onChange={(event) => {
              setSubject(event.target.value);
              setErrors((current) => ({ ...current, subject: undefined }));
            }}
          />
        </Field>
        <Field
          label="Message"
          required
          description={`Plain text; a blank line starts a new paragraph. ${body.length} / ${MESSAGE_LIMITS.body} characters`}
          error={errors.body}
        >
          <Textarea
            rows={8}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
              setErrors((current) => ({ ...current, body: undefined }));
            }}
          />
        </Field>
        {write.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Sending the e-mail...
          </p>
        ) : null}
        {formError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {formError}
          </p>
        ) : null}
      </form>
    </SimpleDialog>
  );
}
