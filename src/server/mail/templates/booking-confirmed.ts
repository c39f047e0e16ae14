import { balanceParts } from '../../../domain/folio';
import { formatTime12 } from '../../../domain/format';
import type { FolioDto } from '../../../domain/schemas/folio.schema';
import type { GeneralSettings } from '../../../domain/settings';
import {
  bookingRows,
  mailDate,
  mailMoney,
  officeHoursSentence,
  renderHtml,
  renderText,
  type BookingMailDetails,
  type DetailRow,
  type HtmlBlock,
  type RenderedMail,
} from './layout';
import { howToPayBlocks, type HowToPayInput } from './payment';

/** What the confirmation reads from the booking's folio (issue 17: money lives there). */
export type ConfirmedMailFolio = Pick<
  FolioDto,
  'charges_total' | 'paid_total' | 'balance' | 'balance_due_date'
>;

/**
 * SPEC §1: "a booking is confirmed only after payment proof is received and verified and the
 * resort confirms in writing". This is that written confirmation. It says what is true (issue 15):
 * a verified payment is named only when there is one, and the balance still due is stated with
 * the day it is due (issue 17, from the folio); a booking a manager confirmed before any payment
 * was verified says the payment is still due.
 */
export function bookingConfirmedMail(
  input: {
    booking: BookingMailDetails;
    resort: GeneralSettings;
    folio: ConfirmedMailFolio;
    checkBookingUrl?: string | undefined;
  } & HowToPayInput,
): RenderedMail {
  const { resort, folio } = input;
  // The total is the folio's charges: the stay and every extra posted since.
  const booking = { ...input.booking, total_amount: folio.charges_total };
  const title = 'Your booking is confirmed';
  const paid = Math.max(0, folio.paid_total);
  const balance = balanceParts(folio).due;
  const dueOn = folio.balance_due_date ? ` on ${mailDate(folio.balance_due_date)}` : '';
  const hasVerifiedPayment = paid > 0;
  const opening = hasVerifiedPayment
    ? `We have verified your payment of ${mailMoney(paid)} and your booking at ${resort.resort_name} is confirmed.`
    : `Your booking at ${resort.resort_name} is confirmed. We have not received a verified payment yet: ${mailMoney(balance)} is due${dueOn}.`;
  let balanceSentence = '';
  if (hasVerifiedPayment) {
    balanceSentence =
      balance > 0
        ? ` A balance of ${mailMoney(balance)} is due${dueOn}.`
        : ' Your stay is paid in full.';
  }
  const balanceRows: DetailRow[] = [];
  if (balance > 0) {
    balanceRows.push(['Balance due', mailMoney(balance)]);
    if (folio.balance_due_date) balanceRows.push(['Due on', mailDate(folio.balance_due_date)]);
  }
  const blocks: HtmlBlock[] = [
    { kind: 'paragraph', text: `Dear ${booking.guest_name},` },
    {
      kind: 'paragraph',
      text: `${opening}${balanceSentence} This e-mail is our written confirmation. We look forward to welcoming you!`,
    },
    {
      kind: 'rows',
      rows: [
        ...bookingRows(booking, resort),
        ['Amount paid (verified)', mailMoney(paid)],
        ...balanceRows,
      ],
    },
    { kind: 'heading', text: 'Good to know' },
    {
      kind: 'list',
      items: [
        `Check-in is from ${formatTime12(resort.check_in_time)} and check-out is by ${formatTime12(resort.check_out_time)}.`,
        `Guests must be at least ${resort.minimum_guest_age} years old, and all guests must be declared.`,
        `Quiet hours are ${formatTime12(resort.quiet_hours_start)} to ${formatTime12(resort.quiet_hours_end)}.`,
        // SPEC §9 refunds (domain/refund.ts computes them).
        'Cancellations: 90% refund 30 or more days before check-in, 50% for 15 to 29 days, 25% for 7 to 14 days, none under 7 days. A no-show forfeits the payment.',
        `Questions? Contact us ${officeHoursSentence(resort)} at ${resort.contact_phone} or ${resort.contact_email}.`,
      ],
    },
  ];
  if (balance > 0) {
    blocks.push(...howToPayBlocks(input, resort, booking.booking_reference));
  }
  if (resort.address.trim() !== '') {
    blocks.push({ kind: 'paragraph', text: `Address: ${resort.address}` });
  }
  if (input.checkBookingUrl) {
    blocks.push({ kind: 'link', text: 'View your booking', href: input.checkBookingUrl });
  }
  return {
    subject: `Booking confirmed: ${booking.booking_reference}`,
    text: renderText(resort, title, blocks),
    html: renderHtml(resort, title, blocks),
  };
}
