/**
 * Issue 18: the guest messages, their placeholders and limits, without zod, so the web's route
 * definitions and the screens can name them (schemas/message.schema.ts validates with them).
 */

export const MESSAGE_KINDS = [
  'booking_received',
  'payment_received',
  'payment_verified',
  'booking_confirmed',
  'balance_reminder',
  'overdue_notice',
  'pre_arrival',
  'post_stay',
  'cancellation',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The kinds sent at a time computed from the booking (offset_days before or after a date). */
export const SCHEDULED_MESSAGE_KINDS = [
  'balance_reminder',
  'overdue_notice',
  'pre_arrival',
  'post_stay',
] as const satisfies readonly MessageKind[];
export type ScheduledMessageKind = (typeof SCHEDULED_MESSAGE_KINDS)[number];

export function isScheduledMessageKind(kind: string): kind is ScheduledMessageKind {
  return (SCHEDULED_MESSAGE_KINDS as readonly string[]).includes(kind);
}

/** A message written by staff on the booking page, outside the templates. */
export const ONE_OFF_MESSAGE_KIND = 'one_off';

export const MESSAGE_KIND_LABELS: Readonly<
  Record<MessageKind | typeof ONE_OFF_MESSAGE_KIND, string>
> = {
  booking_received: 'Booking received',
  payment_received: 'Payment received',
  payment_verified: 'Payment verified',
  booking_confirmed: 'Booking confirmed',
  balance_reminder: 'Balance reminder',
  overdue_notice: 'Overdue notice',
  pre_arrival: 'Pre-arrival',
  post_stay: 'Post-stay thank you',
  cancellation: 'Cancellation',
  one_off: 'Written by staff',
};

/** When each kind goes out, in the words Settings → Messages shows. */
export const MESSAGE_KIND_WHEN: Readonly<Record<MessageKind, string>> = {
  booking_received: "When a guest's payment proof arrives, or staff book with the guest's e-mail.",
  payment_received: 'When a later proof arrives or staff record a payment.',
  payment_verified: 'When staff verify a payment.',
  booking_confirmed: 'When the booking is confirmed; carries the stay as a calendar invitation.',
  balance_reminder: 'Before the balance is due, at 9:00; skipped when nothing is due.',
  overdue_notice: 'After the balance was due, at 9:00; skipped once paid, cancelled or checked in.',
  pre_arrival: 'Before check-in, at 9:00; only for confirmed bookings.',
  post_stay: 'After check-out, at 10:00; with the review link and an unsubscribe link.',
  cancellation: 'When the booking is cancelled, with the refund.',
};

/** The timing of the scheduled kinds: `offset_days` before or after which date. */
export const MESSAGE_OFFSET_TEXT: Readonly<
  Record<ScheduledMessageKind, { direction: 'before' | 'after'; anchor: string }>
> = {
  balance_reminder: { direction: 'before', anchor: 'the balance due date' },
  overdue_notice: { direction: 'after', anchor: 'the balance due date' },
  pre_arrival: { direction: 'before', anchor: 'check-in' },
  post_stay: { direction: 'after', anchor: 'check-out' },
};

export const MESSAGE_PLACEHOLDERS = [
  'guest_name',
  'booking_reference',
  'check_in',
  'check_out',
  'nights',
  'cabins',
  'total',
  'paid',
  'balance',
  'balance_due_date',
  'deposit',
  'how_to_pay',
  'check_in_time',
  'check_out_time',
  'resort_name',
  'resort_phone',
  'resort_email',
  'arrival_info',
  'review_url',
  'refund',
  'check_booking_url',
] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];

export const MESSAGE_PLACEHOLDER_LABELS: Readonly<Record<MessagePlaceholder, string>> = {
  guest_name: "Guest's name",
  booking_reference: 'Booking reference',
  check_in: 'Check-in date',
  check_out: 'Check-out date',
  nights: 'Number of nights',
  cabins: 'Cabin names',
  total: 'Total',
  paid: 'Paid so far',
  balance: 'Balance',
  balance_due_date: 'Balance due date',
  deposit: 'Deposit',
  how_to_pay: 'How to pay',
  check_in_time: 'Check-in time',
  check_out_time: 'Check-out time',
  resort_name: "Resort's name",
  resort_phone: "Resort's phone",
  resort_email: "Resort's e-mail",
  arrival_info: 'Arrival information',
  review_url: 'Review link',
  refund: 'Refund',
  check_booking_url: 'Check-booking link',
};

export const MESSAGE_STATUSES = [
  'scheduled',
  'sending',
  'sent',
  'failed',
  'skipped',
  'cancelled',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_LIMITS = {
  subject_max: 200,
  body_max: 10000,
  arrival_info_max: 4000,
  offset_days_min: 0,
  offset_days_max: 60,
} as const;

/** `{{ name }}` with optional spaces inside the braces. */
const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders in `text` that are not in MESSAGE_PLACEHOLDERS, each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const known: ReadonlySet<string> = new Set(MESSAGE_PLACEHOLDERS);
  const unknown: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    const name = match[1] ?? '';
    if (!known.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

export function unknownPlaceholderMessage(names: readonly string[]): string {
  const list = names.map((name) => `{{${name}}}`).join(', ');
  return names.length === 1 ? `Unknown placeholder ${list}` : `Unknown placeholders ${list}`;
}
