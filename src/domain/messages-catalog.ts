/**
 * Issue 18 items 2–5: the guest messages, their placeholders and their default templates
 * (docs/decisions/0021-guest-messages.md). Pure data shared by the server (scheduling, rendering)
 * and the web (Settings → Messages, the booking page's list).
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

/** A staff member's one-off e-mail to a guest, recorded beside the automatic ones. */
export const ONE_OFF_KIND = 'one_off';
export type MessageRowKind = MessageKind | typeof ONE_OFF_KIND;

/** The kinds sent at a time worked out from the booking; the others leave when their event happens. */
export const SCHEDULED_MESSAGE_KINDS = [
  'balance_reminder',
  'overdue_notice',
  'pre_arrival',
  'post_stay',
] as const satisfies readonly MessageKind[];
export type ScheduledMessageKind = (typeof SCHEDULED_MESSAGE_KINDS)[number];

export function isScheduledKind(kind: string): kind is ScheduledMessageKind {
  return (SCHEDULED_MESSAGE_KINDS as readonly string[]).includes(kind);
}

export const MESSAGE_STATUSES = [
  'scheduled',
  'sending',
  'sent',
  'failed',
  'skipped',
  'cancelled',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_KIND_LABELS: Record<MessageRowKind, string> = {
  booking_received: 'Booking received',
  payment_received: 'Payment received',
  payment_verified: 'Payment verified',
  booking_confirmed: 'Booking confirmed',
  balance_reminder: 'Balance reminder',
  overdue_notice: 'Overdue notice',
  pre_arrival: 'Pre-arrival',
  post_stay: 'Post-stay thank-you',
  cancellation: 'Cancellation',
  one_off: 'One-off e-mail',
};

/**
 * When a scheduled kind goes out: `offset_days` before or after its anchor date, at `time` in the
 * resort's zone (contract: reminders at 09:00, the thank-you at 10:00).
 */
export const MESSAGE_SCHEDULE: Record<
  ScheduledMessageKind,
  { anchor: 'balance_due_date' | 'check_in' | 'check_out'; direction: -1 | 1; time: string }
> = {
  balance_reminder: { anchor: 'balance_due_date', direction: -1, time: '09:00' },
  overdue_notice: { anchor: 'balance_due_date', direction: 1, time: '09:00' },
  pre_arrival: { anchor: 'check_in', direction: -1, time: '09:00' },
  post_stay: { anchor: 'check_out', direction: 1, time: '10:00' },
};

export const MESSAGE_OFFSET_LIMITS = { min: 0, max: 60 } as const;

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
  'office_hours',
  'verification_hours',
  // Sentences worked out when the message is sent, so the defaults keep today's wording.
  'deposit_plan',
  'payment_summary',
  'balance_due_section',
  'cancellation_reason',
  'refund_explanation',
  // Issue 21: the promo code and what it saved, and the non-refundable rate's terms.
  'stay_terms',
] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];

const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a template names that do not exist, each once, in order. */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(MESSAGE_PLACEHOLDERS);
  const unknown: string[] = [];
  for (const match of template.matchAll(PLACEHOLDER_PATTERN)) {
    const name = match[1]!;
    if (!known.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

export const unknownPlaceholderMessage = (name: string) =>
  `Unknown placeholder {{${name}}}. Use one of: ${MESSAGE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(' ')}`;

/** Replaces every placeholder with its value (escaped by `escape` first, for the HTML part). */
export function fillPlaceholders(
  template: string,
  values: Record<MessagePlaceholder, string>,
  escape: (value: string) => string = (value) => value,
): string {
  return template.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    name in values ? escape(values[name as MessagePlaceholder]) : whole,
  );
}

export type MessageKindSettings = {
  enabled: boolean;
  /** Scheduled kinds only: days before or after the anchor date (0–60). */
  offset_days?: number | undefined;
  subject: string;
  body: string;
};

export type MessagesSettings = {
  /** Directions, boat or van schedule, what to bring: {{arrival_info}} in the pre-arrival mail. */
  arrival_info: string;
  /** Where the thank-you asks for a review ({{review_url}}); "" for none. */
  review_url: string;
  kinds: Record<MessageKind, MessageKindSettings>;
};

const SIGN_OFF = 'Warm regards,\n{{resort_name}}\n{{resort_phone}} · {{resort_email}}';

/** English templates for a Philippine resort; the owner edits them in Settings → Messages. */
export const DEFAULT_MESSAGES_SETTINGS: MessagesSettings = {
  arrival_info:
    'Getting here: take the van or the boat to the resort; tell us your arrival time and we will meet you at the pier.\n\nWhat to bring: a valid ID, sunscreen, swimwear and cash for small purchases on the island.',
  review_url: '',
  kinds: {
    booking_received: {
      enabled: true,
      subject: 'Booking received: {{booking_reference}}',
      body: `Dear {{guest_name}},

Thank you for choosing {{resort_name}}. We received your booking request and your payment proof. Please keep your booking reference {{booking_reference}}: you need it with your e-mail address to check your booking.

Cabin: {{cabins}}
Check-in: {{check_in}}, from {{check_in_time}}
Check-out: {{check_out}}, by {{check_out_time}}
Length of stay: {{nights}}
Total amount: {{total}}

{{stay_terms}}

{{deposit_plan}}

How to pay:
{{how_to_pay}}

What happens next: our team verifies your payment, typically within {{verification_hours}} hours on business days. Your booking is confirmed only once your payment is verified and we confirm it to you in writing by e-mail. Unverified payments may lead to cancellation of the booking.

Questions? Contact us {{office_hours}} at {{resort_phone}} or {{resort_email}}.

Check your booking: {{check_booking_url}}

${SIGN_OFF}`,
    },
    payment_received: {
      enabled: true,
      subject: 'Payment received: {{booking_reference}}',
      body: `Dear {{guest_name}},

We received your payment for booking {{booking_reference}}. Our team will verify it, typically within {{verification_hours}} hours on business days, and let you know.

Paid and verified so far: {{paid}}
Balance: {{balance}}

${SIGN_OFF}`,
    },
    payment_verified: {
      enabled: true,
      subject: 'Payment verified: {{booking_reference}}',
      body: `Dear {{guest_name}},

We have verified your payment for booking {{booking_reference}}. Thank you!

Paid: {{paid}} of {{total}}
Balance: {{balance}}, due on {{balance_due_date}}

${SIGN_OFF}`,
    },
    booking_confirmed: {
      enabled: true,
      subject: 'Booking confirmed: {{booking_reference}}',
      body: `Dear {{guest_name}},

{{payment_summary}} Your booking at {{resort_name}} is confirmed. This e-mail is our written confirmation; the stay is attached as a calendar invitation. We look forward to welcoming you!

Booking reference: {{booking_reference}}
Cabin: {{cabins}}
Check-in: {{check_in}}, from {{check_in_time}}
Check-out: {{check_out}}, by {{check_out_time}}
Length of stay: {{nights}}
Total amount: {{total}}
Amount paid (verified): {{paid}}

{{stay_terms}}

{{balance_due_section}}

Cancellations: 90% refund 30 or more days before check-in, 50% for 15 to 29 days, 25% for 7 to 14 days, none under 7 days. A no-show forfeits the payment.

View your booking: {{check_booking_url}}

${SIGN_OFF}`,
    },
    balance_reminder: {
      enabled: true,
      offset_days: 3,
      subject: 'Balance due on {{balance_due_date}}: {{booking_reference}}',
      body: `Dear {{guest_name}},

A friendly reminder: the balance of {{balance}} for your booking {{booking_reference}} is due on {{balance_due_date}}.

How to pay:
{{how_to_pay}}

Once you have paid, upload your proof on your booking page: {{check_booking_url}}

${SIGN_OFF}`,
    },
    overdue_notice: {
      enabled: true,
      offset_days: 1,
      subject: 'Balance overdue: {{booking_reference}}',
      body: `Dear {{guest_name}},

The balance of {{balance}} for your booking {{booking_reference}} was due on {{balance_due_date}} and we have not received it yet. Please pay it soon to keep your booking.

How to pay:
{{how_to_pay}}

If you have already paid, please send us your proof: {{check_booking_url}}

${SIGN_OFF}`,
    },
    pre_arrival: {
      enabled: true,
      offset_days: 3,
      subject: 'See you on {{check_in}}: your stay at {{resort_name}}',
      body: `Dear {{guest_name}},

We are looking forward to welcoming you on {{check_in}}. Check-in is from {{check_in_time}} and check-out is by {{check_out_time}} on {{check_out}}.

{{arrival_info}}

Balance still due: {{balance}}

${SIGN_OFF}`,
    },
    post_stay: {
      enabled: true,
      offset_days: 1,
      subject: 'Thank you for staying with us, {{guest_name}}',
      body: `Dear {{guest_name}},

Thank you for staying at {{resort_name}}. We hope you enjoyed your time with us.

If you have a minute, we would love to read about your stay: {{review_url}}

${SIGN_OFF}`,
    },
    cancellation: {
      enabled: true,
      subject: 'Booking cancelled: {{booking_reference}}',
      body: `Dear {{guest_name}},

Your booking {{booking_reference}} at {{resort_name}} ({{check_in}} to {{check_out}}) has been cancelled. The nights are no longer held for you.

Reason: {{cancellation_reason}}
Refund: {{refund}}

{{refund_explanation}}

Refunds follow our cancellation policy: 90% of the amount paid 30 or more days before check-in, 50% for 15 to 29 days, 25% for 7 to 14 days, none under 7 days.

${SIGN_OFF}`,
    },
  },
};
