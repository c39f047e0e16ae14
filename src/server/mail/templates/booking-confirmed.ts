import { balanceDue } from '../../../domain/payment-status';
import { formatTime12 } from '../../../domain/format';
import type { GeneralSettings } from '../../../domain/settings';
import {
  bookingRows,
  mailMoney,
  officeHoursSentence,
  renderHtml,
  renderText,
  type BookingMailDetails,
  type HtmlBlock,
  type RenderedMail,
} from './layout';

/**
 * SPEC §1: "a booking is confirmed only after payment proof is received and verified and the
 * resort confirms in writing". This is that written confirmation. It says what is true (issue 15):
 * a verified payment is named only when there is one, and the balance still due is stated; a
 * booking a manager confirmed before any payment was verified says the payment is still due.
 */
export function bookingConfirmedMail(input: {
  booking: BookingMailDetails;
  resort: GeneralSettings;
  /** What has been verified so far (Completed less Refunded), in pesos. */
  amount_paid: number;
  checkBookingUrl?: string | undefined;
}): RenderedMail {
  const { booking, resort } = input;
  const title = 'Your booking is confirmed';
  const paid = Math.max(0, input.amount_paid);
  const balance = balanceDue(booking.total_amount, paid);
  const hasVerifiedPayment = paid > 0;
  const opening = hasVerifiedPayment
    ? `We have verified your payment of ${mailMoney(paid)} and your booking at ${resort.resort_name} is confirmed.`
    : `Your booking at ${resort.resort_name} is confirmed. We have not received a verified payment yet: ${mailMoney(balance)} is still due.`;
  const balanceSentence =
    hasVerifiedPayment && balance > 0 ? ` A balance of ${mailMoney(balance)} is still due.` : '';
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
        ...(balance > 0 ? ([['Balance due', mailMoney(balance)]] as [string, string][]) : []),
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
