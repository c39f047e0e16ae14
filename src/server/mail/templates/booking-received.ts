import type { DepositPlan } from '../../../domain/deposit';
import type { GeneralSettings } from '../../../domain/settings';
import {
  bookingRows,
  officeHoursSentence,
  renderHtml,
  renderText,
  type BookingMailDetails,
  type HtmlBlock,
  type RenderedMail,
} from './layout';
import { depositSentence, howToPayBlocks, type HowToPayInput } from './payment';

/**
 * To the guest once their payment proof has arrived (SPEC §4 guest booking flow). It states SPEC
 * §1's policy: the booking is confirmed only after the payment is verified (typically within 24
 * hours on business days) and the resort confirms in writing. Issue 17: it says what is paid now
 * and what later, and how to pay with the booking reference in the payment's note.
 */
export function bookingReceivedMail(
  input: {
    booking: BookingMailDetails;
    resort: GeneralSettings;
    /** The deposit and balance the booking stores (decision 0018), over its folio's charges. */
    deposit: DepositPlan;
    /** Link to /check-booking?ref=…, when the public address is known. */
    checkBookingUrl?: string | undefined;
  } & HowToPayInput,
): RenderedMail {
  const { booking, resort } = input;
  const title = 'We received your booking request';
  const blocks: HtmlBlock[] = [
    { kind: 'paragraph', text: `Dear ${booking.guest_name},` },
    {
      kind: 'paragraph',
      text: `Thank you for choosing ${resort.resort_name}. We received your booking request and your payment proof. Please keep your booking reference: you need it with your e-mail address to check your booking.`,
    },
    { kind: 'rows', rows: bookingRows(booking, resort) },
    { kind: 'paragraph', text: depositSentence(input.deposit) },
  ];
  if (booking.special_requests) {
    blocks.push({ kind: 'paragraph', text: `Your special requests: ${booking.special_requests}` });
  }
  blocks.push(
    { kind: 'heading', text: 'What happens next' },
    {
      kind: 'list',
      items: [
        `Our team verifies your payment, typically within ${resort.payment_verification_hours} hours on business days.`,
        'Your booking is confirmed only once your payment is verified and we confirm it to you in writing by e-mail.',
        'Unverified payments may lead to cancellation of the booking.',
        `Questions? Contact us ${officeHoursSentence(resort)} at ${resort.contact_phone} or ${resort.contact_email}.`,
      ],
    },
    ...howToPayBlocks(input, resort, booking.booking_reference),
  );
  if (input.checkBookingUrl) {
    blocks.push({ kind: 'link', text: 'Check your booking status', href: input.checkBookingUrl });
  }
  return {
    subject: `Booking received: ${booking.booking_reference}`,
    text: renderText(resort, title, blocks),
    html: renderHtml(resort, title, blocks),
  };
}
