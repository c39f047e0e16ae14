import type { GeneralSettings } from '../../../domain/settings';
import {
  bookingRows,
  renderHtml,
  renderText,
  type BookingMailDetails,
  type HtmlBlock,
  type RenderedMail,
} from './layout';

/**
 * To the resort (the contact e-mail of the General settings) when a guest booking's payment proof
 * arrives: a payment awaits verification in the back office (DESIGN §3 payment status).
 */
export function resortBookingNotificationMail(input: {
  booking: BookingMailDetails;
  resort: GeneralSettings;
  /** Link to the booking in the back office, when the public address is known. */
  bookingUrl?: string | undefined;
}): RenderedMail {
  const { booking, resort } = input;
  const title = 'New guest booking: payment to verify';
  const blocks: HtmlBlock[] = [
    {
      kind: 'paragraph',
      text: `${booking.guest_name} booked online and uploaded a payment proof. The booking is Pending until the payment is verified.`,
    },
    { kind: 'rows', rows: bookingRows(booking, resort) },
    { kind: 'heading', text: 'Guest' },
    {
      kind: 'rows',
      rows: [
        ['Name', booking.guest_name],
        ['E-mail', booking.email],
        ['Phone', booking.phone_number ?? 'Not given'],
        ['Special requests', booking.special_requests ?? 'None'],
      ],
    },
    {
      kind: 'paragraph',
      text: 'Open the booking in the back office to view the proof, verify the payment and confirm the booking to the guest in writing.',
    },
  ];
  if (input.bookingUrl) {
    blocks.push({ kind: 'link', text: 'Open the booking', href: input.bookingUrl });
  }
  return {
    subject: `New guest booking: ${booking.booking_reference} (payment to verify)`,
    text: renderText(resort, title, blocks),
    html: renderHtml(resort, title, blocks),
  };
}
