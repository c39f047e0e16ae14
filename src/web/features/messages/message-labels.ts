import type { MessageKind, MessagePlaceholder } from '../../../domain/messages-catalog';

/** When each message goes out, in the words Settings → Messages shows (messages-catalog.ts). */
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

const ANCHOR_TEXT = {
  balance_due_date: 'the balance due date',
  check_in: 'check-in',
  check_out: 'check-out',
} as const;

/** The label of a scheduled message's timing field: "Days before check-in". */
export function offsetLabel(schedule: {
  anchor: keyof typeof ANCHOR_TEXT;
  direction: -1 | 1;
}): string {
  return `Days ${schedule.direction < 0 ? 'before' : 'after'} ${ANCHOR_TEXT[schedule.anchor]}`;
}

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
  office_hours: 'Office hours',
  verification_hours: 'Hours to verify a payment',
  deposit_plan: 'Deposit now and balance later',
  payment_summary: 'What is paid (a sentence)',
  balance_due_section: 'Balance due and how to pay it',
  cancellation_reason: 'Reason for cancelling',
  refund_explanation: 'Refund (a sentence)',
  stay_terms: 'Promo code saving and rate plan terms',
};
