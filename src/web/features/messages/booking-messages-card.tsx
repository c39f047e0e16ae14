import { Mail, RotateCw, Send } from 'lucide-react';
import { useId, useState } from 'react';
import type { MessageDto } from '../../../domain/schemas/message.schema';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { SimpleDialog } from '../../components/ui/dialog';
import { LoadFailedAlert } from '../../components/ui/inline-alert';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { useBookingMessages } from './get-booking-messages';
import { messageActions, messageStatusView, messageTimeText, messageTitle } from './message-view';
import { useMessageAction } from './send-message-now';
import { WriteMessageDialog } from './write-message-dialog';

export interface BookingMessagesCardProps {
  bookingId: string;
  bookingReference: string;
  guestEmail: string;
  /** The resort's time zone (public settings), for the times shown. */
  timeZone?: string;
}

/**
 * Issue 18 point 3: every e-mail of the booking (scheduled, sent, failed or skipped with the
 * reason, cancelled), "Send now" on a scheduled one, "Resend" on a sent or failed one, and a
 * one-off e-mail written here, recorded the same way.
 */
export function BookingMessagesCard({
  bookingId,
  bookingReference,
  guestEmail,
  timeZone,
}: BookingMessagesCardProps) {
  const query = useBookingMessages(bookingId);
  const action = useMessageAction(bookingId);
  const [writing, setWriting] = useState(false);
  const [resending, setResending] = useState<MessageDto | null>(null);
  const titleId = useId();

  const sendNow = (message: MessageDto) =>
    action.mutate({ messageId: message.message_id, action: 'send' }, { onSuccess: notifySent });

  return (
    <section aria-labelledby={titleId} className="grid min-w-0 print:hidden">
      <Card>
        <CardHeader className="gap-3 sm:flex sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-1.5">
            <CardTitle id={titleId}>Messages</CardTitle>
            <CardDescription className="wrap-anywhere">
              The e-mails to {guestEmail}: the ones sent and the ones scheduled, each sent once.
            </CardDescription>
          </div>
          <Button variant="outline" onClick={() => setWriting(true)}>
            <Mail aria-hidden="true" />
            Write to guest
          </Button>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <div className="grid gap-2" aria-busy="true">
              <span role="status" className="sr-only">
                Loading messages...
              </span>
              <Skeleton className="h-14 w-full" />
              <Skeleton className="h-14 w-full" />
            </div>
          ) : query.isError ? (
            <LoadFailedAlert
              title="The messages could not be loaded"
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          ) : query.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No messages for this booking yet.</p>
          ) : (
            <ul aria-label="Messages of this booking" className="grid grid-cols-1 gap-3">
              {query.data.map((message) => (
                <MessageItem
                  key={message.message_id}
                  message={message}
                  timeZone={timeZone}
                  busy={action.isPending && action.variables.messageId === message.message_id}
                  disabled={action.isPending}
                  onSendNow={() => sendNow(message)}
                  onResend={() => setResending(message)}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {writing ? (
        <WriteMessageDialog
          bookingId={bookingId}
          bookingReference={bookingReference}
          guestEmail={guestEmail}
          open
          onOpenChange={setWriting}
        />
      ) : null}
      {resending ? (
        <SimpleDialog
          open
          onOpenChange={(open) => {
            if (!open) setResending(null);
          }}
          title="Resend this e-mail?"
          description={`"${messageTitle(resending)}" goes to ${guestEmail} again now, as a new message.`}
          footer={
            <>
              <Button variant="outline" onClick={() => setResending(null)}>
                Cancel
              </Button>
              <Button
                loading={action.isPending}
                loadingText="Resending..."
                onClick={() =>
                  action.mutate(
                    { messageId: resending.message_id, action: 'resend' },
                    {
                      onSuccess: (sent) => {
                        notifySent(sent);
                        setResending(null);
                      },
                    },
                  )
                }
              >
                <RotateCw aria-hidden="true" />
                Resend
              </Button>
            </>
          }
        />
      ) : null}
    </section>
  );
}

/** The outcome of a send or resend, as the server recorded it. */
function notifySent(message: MessageDto): void {
  const title = messageTitle(message);
  if (message.status === 'failed') {
    toast.error(`${title} could not be sent: ${message.error ?? 'the mail server refused it'}`);
  } else if (message.status === 'skipped') {
    // At send time a message may no longer apply (nothing due, the stay did not happen).
    toast.warning(`${title} was not sent: ${message.error ?? 'it no longer applies'}`);
  } else {
    toast.success(`${title} sent.`);
  }
}

function MessageItem({
  message,
  timeZone,
  busy,
  disabled,
  onSendNow,
  onResend,
}: {
  message: MessageDto;
  timeZone?: string;
  busy: boolean;
  disabled: boolean;
  onSendNow: () => void;
  onResend: () => void;
}) {
  const status = messageStatusView(message);
  const actions = messageActions(message);
  const title = messageTitle(message);
  return (
    <li
      data-kind={message.kind}
      data-status={message.status}
      className="grid gap-2 rounded-xl border border-border bg-surface p-4 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
    >
      <div className="grid min-w-0 gap-1 wrap-anywhere">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{title}</span>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <span className="text-muted-foreground">{messageTimeText(message, timeZone)}</span>
        {status.reason ? (
          <span className="text-muted-foreground">
            {message.status === 'failed' ? 'Reason' : 'Skipped because'}: {status.reason}
          </span>
        ) : null}
        {message.created_by_name ? (
          <span className="text-xs text-muted-foreground">By {message.created_by_name}</span>
        ) : null}
      </div>
      {actions.sendNow || actions.resend ? (
        <div className="flex flex-wrap gap-2">
          {actions.sendNow ? (
            <Button
              variant="outline"
              size="sm"
              loading={busy}
              loadingText="Sending..."
              disabled={disabled}
              onClick={onSendNow}
            >
              <Send aria-hidden="true" />
              Send now<span className="sr-only">: {title}</span>
            </Button>
          ) : null}
          {actions.resend ? (
            <Button variant="outline" size="sm" disabled={disabled} onClick={onResend}>
              <RotateCw aria-hidden="true" />
              Resend<span className="sr-only">: {title}</span>
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
