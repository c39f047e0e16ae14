import type { Refund } from '../../../domain/refund';
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

function daysLabel(days: number): string {
  return `${days} day${Math.abs(days) === 1 ? '' : 's'}`;
}

/** DESIGN §4's refund, in the words the guest reads. */
function refundSentence(refund: Refund, paid: number, noShow: boolean): string {
  if (refund.amount > 0) {
    return `We will refund ${mailMoney(refund.amount)}: ${refund.percent}% of the ${mailMoney(paid)} you paid, as the booking was cancelled ${daysLabel(refund.days_before)} before check-in.`;
  }
  if (paid <= 0)
    return 'No payment had been received for this booking, so there is nothing to refund.';
  if (noShow) return `No refund is due: a no-show forfeits the ${mailMoney(paid)} paid.`;
  return `No refund is due: the booking was cancelled less than 7 days before check-in, so the ${mailMoney(paid)} paid is kept under our cancellation policy.`;
}

/**
 * Issue 15: the guest is told their booking was cancelled, with the refund worked out as DESIGN §4
 * says (SPEC §9's percentages of the verified amount paid) and the reason staff gave.
 */
export function bookingCancelledMail(input: {
  booking: BookingMailDetails;
  resort: GeneralSettings;
  refund: Refund;
  /** The verified amount paid before the cancellation (Completed less Refunded), in pesos. */
  paid_amount: number;
  reason: string;
  no_show: boolean;
}): RenderedMail {
  const { booking, resort, refund } = input;
  const title = 'Your booking is cancelled';
  const blocks: HtmlBlock[] = [
    { kind: 'paragraph', text: `Dear ${booking.guest_name},` },
    {
      kind: 'paragraph',
      text: `Your booking ${booking.booking_reference} at ${resort.resort_name} has been cancelled. The nights below are no longer held for you.`,
    },
    {
      kind: 'rows',
      rows: [
        ...bookingRows(booking, resort),
        ['Reason', input.reason],
        ['Amount paid (verified)', mailMoney(input.paid_amount)],
        ['Refund', mailMoney(refund.amount)],
      ],
    },
    { kind: 'paragraph', text: refundSentence(refund, input.paid_amount, input.no_show) },
    {
      kind: 'paragraph',
      text: `Questions? Contact us ${officeHoursSentence(resort)} at ${resort.contact_phone} or ${resort.contact_email}.`,
    },
  ];
  return {
    subject: `Booking cancelled: ${booking.booking_reference}`,
    text: renderText(resort, title, blocks),
    html: renderHtml(resort, title, blocks),
  };
}
