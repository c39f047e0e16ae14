import { formatDate } from '../../../domain/format';
import type { IsoDate } from '../../../domain/dates';
import type { BookingLookup } from '../../../domain/schemas/guest-booking.schema';

/*
 * Issue 17 point 3: what /check-booking says about the balance, from the lookup's folio figures
 * (balance > 0: the guest owes it; < 0: a credit). Pure, so the wording is unit-tested.
 */

type BalanceFacts = Pick<
  BookingLookup,
  'balance' | 'balance_due_date' | 'booking_status' | 'payment_status' | 'pending_total'
>;

export interface BalanceLine {
  label: 'Balance due' | 'Credit';
  /** Pesos, never negative: a credit shows as the amount the resort holds for the guest. */
  amount: number;
  /** "Due on Mar 10, 2027", "Overdue: it was due on …", or the credit's explanation. */
  note: string | null;
  overdue: boolean;
}

/** "Due on Mar 10, 2027"; "Due today, …"; "Overdue: it was due on …" once the day has passed. */
export function balanceDueText(
  dueDate: IsoDate,
  today: IsoDate,
): { text: string; overdue: boolean } {
  const date = formatDate(dueDate);
  // The same rule as the bookings list's "overdue" filter: overdue once the due date is past.
  if (dueDate < today) return { text: `Overdue: it was due on ${date}`, overdue: true };
  if (dueDate === today) return { text: `Due today, ${date}`, overdue: false };
  return { text: `Due on ${date}`, overdue: false };
}

export const CREDIT_NOTE =
  'You have paid more than the total. We will refund the difference or carry it to your next stay.';

/**
 * The balance row of the status card, or null when there is none to show: a cancelled booking
 * owes nothing more (what the resort kept is not "due"), so only a credit is shown there.
 */
export function balanceLine(booking: BalanceFacts, today: IsoDate): BalanceLine | null {
  if (booking.balance < 0) {
    return { label: 'Credit', amount: -booking.balance, note: CREDIT_NOTE, overdue: false };
  }
  if (booking.booking_status === 'Cancelled') return null;
  if (booking.balance === 0 || booking.balance_due_date === null) {
    return { label: 'Balance due', amount: booking.balance, note: null, overdue: false };
  }
  const due = balanceDueText(booking.balance_due_date, today);
  return { label: 'Balance due', amount: booking.balance, note: due.text, overdue: due.overdue };
}

/**
 * Whether the guest may send a proof for the balance here: something is due and the booking
 * stands. While a proof awaits verification (`pending_total`, the deposit's or an earlier balance
 * proof) it is not offered: that payment is not on the folio yet, so the balance still counts it
 * and the guest would be asked to pay twice.
 */
export function canPayBalance(booking: BalanceFacts): boolean {
  return (
    booking.balance > 0 && booking.booking_status !== 'Cancelled' && booking.pending_total <= 0
  );
}
