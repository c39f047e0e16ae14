import { DATE_FORMATS, formatDate } from '../../../domain/format';
import { MESSAGE_KIND_LABELS } from '../../../domain/messages-catalog';
import type { MessageDto } from '../../../domain/schemas/message.schema';
import type { BadgeVariant } from '../../components/ui/badge';

/** How a message's status reads on the booking page, and the reason that goes with it. */
export interface MessageStatusView {
  label: string;
  variant: BadgeVariant;
  /** Why it failed or was skipped, as the server recorded it. */
  reason: string | null;
}

const STATUS_VIEWS: Readonly<Record<MessageDto['status'], Omit<MessageStatusView, 'reason'>>> = {
  scheduled: { label: 'Scheduled', variant: 'info' },
  sending: { label: 'Sending', variant: 'secondary' },
  sent: { label: 'Sent', variant: 'default' },
  failed: { label: 'Failed', variant: 'destructive' },
  skipped: { label: 'Skipped', variant: 'warning' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
};

export function messageStatusView(message: MessageDto): MessageStatusView {
  const view = STATUS_VIEWS[message.status];
  const hasReason = message.status === 'failed' || message.status === 'skipped';
  return { ...view, reason: hasReason ? message.error || null : null };
}

/** The kind's label; a one-off shows its subject, a resend says so. */
export function messageTitle(message: MessageDto): string {
  const label = MESSAGE_KIND_LABELS[message.kind];
  const title =
    message.kind === 'one_off' && message.subject ? `${label}: ${message.subject}` : label;
  return message.is_resend ? `${title} (resent)` : title;
}

/**
 * When it went or goes out, in the resort's format: the sending time once sent, else the
 * scheduled time.
 */
export function messageTimeText(message: MessageDto, timeZone?: string): string {
  const options = timeZone ? { timeZone } : {};
  if (message.sent_at) return `Sent ${formatDate(message.sent_at, DATE_FORMATS.withTime, options)}`;
  const when = formatDate(message.scheduled_at, DATE_FORMATS.withTime, options);
  return message.status === 'scheduled' || message.status === 'sending'
    ? `Due ${when}`
    : `Was due ${when}`;
}

/** Contract: "Send now" for a scheduled message, "Resend" for a sent or failed one. */
export function messageActions(message: MessageDto): { sendNow: boolean; resend: boolean } {
  return {
    sendNow: message.status === 'scheduled',
    resend: message.status === 'sent' || message.status === 'failed',
  };
}

/**
 * How often the booking's list is read again: every 2 s while a message is being sent (the job
 * worker may be sending it while "Send now" answered), else never on its own.
 */
export function messagesRefetchInterval(
  messages: readonly MessageDto[] | undefined,
): number | false {
  return messages?.some((item) => item.status === 'sending') ? 2000 : false;
}
