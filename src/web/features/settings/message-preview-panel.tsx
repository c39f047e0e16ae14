import { Eye, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDate } from '../../../domain/format';
import type { MessageKind } from '../../../domain/messages-catalog';
import { unknownPlaceholders } from '../../../domain/messages-catalog';
import type { MessagePreviewBody } from '../../../domain/schemas/message.schema';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { InlineAlert } from '../../components/ui/inline-alert';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePaymentPickerBookings } from '../bookings/get-bookings';
import { useMessagePreview } from '../messages/preview-message';
import { useSendTestMessage } from '../messages/send-test-message';
import { SettingsSection } from './settings-section';

/** How long the template must stay unchanged before it is rendered again. */
const PREVIEW_DELAY_MS = 400;

export interface MessagePreviewPanelProps {
  kind: MessageKind;
  subject: string;
  body: string;
}

/**
 * Issue 18 point 2: the template being edited, rendered by the server with a real booking
 * (searched like the Record Payment picker), as the guest would get it; and a test send to
 * oneself.
 */
export function MessagePreviewPanel({ kind, subject, body }: MessagePreviewPanelProps) {
  const [term, setTerm] = useState('');
  const [bookingId, setBookingId] = useState('');
  const [format, setFormat] = useState<'html' | 'text'>('html');
  const bookings = usePaymentPickerBookings(useDebouncedValue(term.trim(), 300));
  const sendTest = useSendTestMessage();
  const formatName = useId();

  // Strings, not one object: a new object each render would restart the timer for ever.
  const draft = {
    kind: useDebouncedValue(kind, PREVIEW_DELAY_MS),
    subject: useDebouncedValue(subject, PREVIEW_DELAY_MS),
    body: useDebouncedValue(body, PREVIEW_DELAY_MS),
    bookingId: useDebouncedValue(bookingId, PREVIEW_DELAY_MS),
  };
  const localProblem =
    unknownPlaceholders(`${draft.subject}\n${draft.body}`).length > 0 ||
    draft.subject.trim() === '' ||
    draft.body.trim() === '';
  const request: MessagePreviewBody | null =
    draft.bookingId && !localProblem
      ? { kind: draft.kind, subject: draft.subject, body: draft.body, booking_id: draft.bookingId }
      : null;
  const preview = useMessagePreview(request);

  const options = (bookings.data?.data ?? []).map((booking) => ({
    value: booking.booking_id,
    label: `${booking.booking_reference} · ${booking.guest_name} · ${formatDate(booking.check_in)}`,
  }));

  return (
    <SettingsSection
      title="Preview"
      description="The template as a guest gets it, filled in with a real booking's details."
      actions={
        <Button
          variant="outline"
          size="sm"
          loading={sendTest.isPending}
          loadingText="Sending..."
          onClick={() =>
            sendTest.mutate(
              { kind, subject, body, ...(bookingId ? { booking_id: bookingId } : {}) },
              { onSuccess: (sentTo) => toast.success(`Test e-mail sent to ${sentTo}`) },
            )
          }
        >
          <Send aria-hidden="true" />
          Send me a test
        </Button>
      }
    >
      <div className="grid min-w-0 gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Find a booking" description="Reference, guest name or e-mail.">
            <Input type="search" value={term} onChange={(event) => setTerm(event.target.value)} />
          </Field>
          <Field label="Booking for the preview">
            <Select
              value={bookingId}
              placeholder={bookings.isPending ? 'Loading bookings...' : 'Choose a booking'}
              options={
                // The chosen booking stays listed while a new search runs.
                bookingId && !options.some((option) => option.value === bookingId)
                  ? [{ value: bookingId, label: 'The booking chosen before' }, ...options]
                  : options
              }
              onChange={(event) => setBookingId(event.target.value)}
            />
          </Field>
        </div>
        {bookings.isError ? (
          <InlineAlert tone="error">
            The bookings could not be loaded: {bookings.error.message}
          </InlineAlert>
        ) : null}
        <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
          <legend className="mb-1 text-sm font-medium">Show</legend>
          {(['html', 'text'] as const).map((value) => (
            <label key={value} className="inline-flex min-h-10 items-center gap-2 text-sm">
              <input
                type="radio"
                name={formatName}
                className="size-4 accent-sea-700"
                checked={format === value}
                onChange={() => setFormat(value)}
              />
              {value === 'html' ? 'Formatted (HTML)' : 'Plain text'}
            </label>
          ))}
        </fieldset>
        <PreviewBody
          chosen={bookingId !== ''}
          localProblem={localProblem}
          preview={preview}
          format={format}
        />
      </div>
    </SettingsSection>
  );
}

/** Style attributes, quoted or not (the server escapes quotes inside values). */
const STYLE_ATTRIBUTE = /\sstyle\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;

/**
 * The mail's HTML as the frame can show it. A srcdoc frame lives under this page's content
 * security policy (style-src 'self', images from here only), which refuses the mail's inline
 * style attributes, style sheets, outside images and a followed link, each with a console error:
 * they are taken out (the style attributes before parsing, since parsing them already counts as
 * applying them), so the preview shows the mail's text and structure without its colours.
 */
function framedHtml(html: string): string {
  const document = new DOMParser().parseFromString(html.replace(STYLE_ATTRIBUTE, ''), 'text/html');
  for (const element of document.querySelectorAll('style, script, link, img, base, meta')) {
    element.remove();
  }
  // A link followed inside the frame would be refused too; its address shows on hover.
  for (const link of document.querySelectorAll('a[href]')) {
    link.setAttribute('title', link.getAttribute('href') ?? '');
    link.removeAttribute('href');
  }
  return `<!doctype html>${document.documentElement.outerHTML}`;
}

function PreviewBody({
  chosen,
  localProblem,
  preview,
  format,
}: {
  chosen: boolean;
  localProblem: boolean;
  preview: ReturnType<typeof useMessagePreview>;
  format: 'html' | 'text';
}) {
  if (!chosen) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed border-sand-300 px-4 py-6 text-sm text-muted-foreground">
        <Eye aria-hidden="true" className="size-4 shrink-0" />
        Choose a booking to see the message with its details.
      </p>
    );
  }
  if (localProblem) {
    return (
      <InlineAlert tone="info">
        Correct the subject and message above to see the preview.
      </InlineAlert>
    );
  }
  if (preview.isError) {
    return <InlineAlert tone="error">The preview failed: {preview.error.message}</InlineAlert>;
  }
  if (!preview.data) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <span role="status" className="sr-only">
          Rendering the preview...
        </span>
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  return (
    <div
      className="grid min-w-0 gap-2"
      aria-busy={preview.isFetching}
      data-testid="message-preview"
    >
      <p className="text-sm break-words">
        <span className="text-muted-foreground">Subject: </span>
        <strong data-testid="message-preview-subject">{preview.data.subject}</strong>
      </p>
      {format === 'html' ? (
        <iframe
          title="Preview of the e-mail"
          // Nothing in the preview runs, submits or navigates.
          sandbox=""
          srcDoc={framedHtml(preview.data.html)}
          className="h-96 w-full rounded-lg border border-border bg-white"
        />
      ) : (
        <pre
          className="max-h-96 overflow-auto rounded-lg border border-border bg-sand-50 p-4 text-sm whitespace-pre-wrap"
          data-testid="message-preview-text"
        >
          {preview.data.text}
        </pre>
      )}
    </div>
  );
}
