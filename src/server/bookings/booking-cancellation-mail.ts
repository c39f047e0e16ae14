import type { Refund } from '../../domain/refund';
import { bookingCancelledMail } from '../mail/templates/booking-cancelled';
import { bookingMailDetails, type ConfirmationMailDeps } from './booking-confirmation-mail';
import { findBookingRecord } from './bookings.repository';

/**
 * Issue 15: the guest is e-mailed their cancellation with DESIGN §4's refund. Sent after the
 * transaction that cancelled the booking has committed, so a mail server that is down never undoes
 * a cancellation; a failure is logged and reported as false (the page says so).
 */
export async function sendBookingCancelledMail(
  deps: ConfirmationMailDeps,
  input: {
    bookingId: string;
    refund: Refund;
    paid_amount: number;
    reason: string;
    no_show: boolean;
  },
): Promise<boolean> {
  try {
    const [record, resort] = await Promise.all([
      findBookingRecord(deps.database.db, input.bookingId),
      deps.settings.getGeneral(),
    ]);
    if (!record) return false;
    const mail = bookingCancelledMail({
      booking: bookingMailDetails(record),
      resort,
      refund: input.refund,
      paid_amount: input.paid_amount,
      reason: input.reason,
      no_show: input.no_show,
    });
    await deps.mailer.sendMail({
      to: record.booking.email,
      replyTo: resort.contact_email,
      ...mail,
    });
    return true;
  } catch (error) {
    deps.log.error(
      { err: error, booking_id: input.bookingId },
      'cancellation e-mail could not be sent',
    );
    return false;
  }
}
