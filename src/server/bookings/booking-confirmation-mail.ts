import type { FastifyBaseLogger } from 'fastify';
import { diffDays } from '../../domain/dates';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { BookingMailDetails } from '../mail/templates/layout';
import { bookingConfirmedMail } from '../mail/templates/booking-confirmed';
import { readFolio } from '../folio/folio.service';
import type { SettingsService } from '../settings/settings.service';
import { findBookingRecord, type BookingRecord } from './bookings.repository';

export type ConfirmationMailDeps = {
  config: Config;
  database: Database;
  settings: SettingsService;
  mailer: Mailer;
  log: FastifyBaseLogger;
};

/** What the guest's e-mails say about a booking: its cabins, stay and total. */
export function bookingMailDetails(record: BookingRecord): BookingMailDetails {
  const { booking } = record;
  const units = record.lines.map((line) => line.unit).filter((unit) => unit !== null);
  return {
    booking_reference: booking.booking_reference,
    guest_name: booking.guest_name,
    email: booking.email,
    phone_number: booking.contact_number,
    unit_name: units.map((unit) => unit.unit_name).join(', ') || 'Cabin',
    unit_type: [...new Set(units.map((unit) => unit.unit_type))].join(', '),
    check_in: booking.check_in,
    check_out: booking.check_out,
    nights: diffDays(booking.check_out, booking.check_in),
    num_guests: booking.num_guests,
    total_amount: booking.total_amount,
    special_requests: booking.special_requests,
  };
}

/**
 * SPEC §1: "the resort confirms in writing". Sent after the transaction that confirmed the booking
 * has committed, so a mail server that is down never undoes a confirmation; a failure is logged
 * and reported as false (the page says the e-mail could not be sent).
 */
export async function sendBookingConfirmedMail(
  deps: ConfirmationMailDeps,
  bookingId: string,
): Promise<boolean> {
  try {
    const [record, folio, resort, payment] = await Promise.all([
      findBookingRecord(deps.database.db, bookingId),
      readFolio(deps.database.db, bookingId),
      deps.settings.getGeneral(),
      deps.settings.getPaymentInstructions(),
    ]);
    if (!record) return false;
    const { booking } = record;
    const publicUrl = deps.config.publicUrl?.replace(/\/+$/, '');
    const mail = bookingConfirmedMail({
      booking: bookingMailDetails(record),
      resort,
      folio,
      payment,
      publicUrl,
      checkBookingUrl: publicUrl
        ? `${publicUrl}/check-booking?ref=${encodeURIComponent(booking.booking_reference)}`
        : undefined,
    });
    await deps.mailer.sendMail({ to: booking.email, replyTo: resort.contact_email, ...mail });
    return true;
  } catch (error) {
    deps.log.error({ err: error, booking_id: bookingId }, 'confirmation e-mail could not be sent');
    return false;
  }
}
