import type { GuestDetailDto, GuestDto, GuestUpdate } from '../../domain/schemas/guest.schema';
import { ANONYMIZE_CONFIRM_MESSAGE } from '../../domain/schemas/guest.schema';
import {
  anonymizeGuestOnBookings,
  findBookingDtosOfGuest,
} from '../bookings/booking-records.service';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { AppError, badRequest, conflict, notFound } from '../errors';
import type { ActorContext } from '../http/request-context';
import { paymentsOfBookings } from '../payments/payment-ledger.service';
import {
  findGuestRecord,
  findGuestStats,
  findOtherGuestByEmail,
  type GuestListQuery,
  type GuestRecord,
  listGuests,
  lockGuestRecord,
  updateGuestRecord,
} from './guest-records.repository';

/** SPEC §8's "record exists" said with what is known: whose e-mail it is. */
export const emailTakenMessage = (guestName: string) =>
  `Another guest, ${guestName}, already uses this e-mail.`;

export const GUEST_MESSAGES = {
  notFound: 'Guest not found.',
  nothingToUpdate: 'Nothing to update.',
  anonymized: 'This guest has been anonymised and can no longer be edited.',
  alreadyAnonymized: 'This guest has already been anonymised.',
} as const;

/** What an anonymised guest (and their bookings) is called from then on. */
export const ANONYMIZED_NAME = 'Anonymized guest';
export const anonymizedEmail = (guestId: string) => `anonymized-${guestId}@invalid.local`;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function toGuestDto(row: GuestRecord): GuestDto {
  return {
    guest_id: row.guest_id,
    guest_name: row.guest_name,
    email: row.email,
    phone_number: row.phone_number,
    notes: row.notes,
    is_corporate: row.is_corporate,
    total_bookings: row.total_bookings,
    cancelled_bookings: row.cancelled_bookings,
    total_spent: row.total_spent,
    anonymized_at: iso(row.anonymized_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function createGuestsService(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;

  async function getDetail(guestId: string): Promise<GuestDetailDto> {
    const guest = await findGuestRecord(database.db, guestId);
    if (!guest) throw notFound(GUEST_MESSAGES.notFound);
    const [bookings, stats] = await Promise.all([
      findBookingDtosOfGuest(database.db, guestId),
      findGuestStats(database.db, guestId),
    ]);
    return {
      ...toGuestDto(guest),
      bookings: bookings.map((booking) => ({
        booking_id: booking.booking_id,
        booking_reference: booking.booking_reference,
        check_in: booking.check_in,
        check_out: booking.check_out,
        nights: booking.nights,
        num_guests: booking.num_guests,
        total_amount: booking.total_amount,
        booking_status: booking.booking_status,
        payment_status: booking.payment_status,
        created_at: booking.created_at,
        units: booking.booking_units.map((line) => ({
          unit_id: line.unit_id,
          unit_name: line.unit?.unit_name ?? '',
          unit_code: line.unit?.unit_code ?? '',
        })),
      })),
      stats,
    };
  }

  return {
    async list(query: GuestListQuery) {
      const { rows, total } = await listGuests(database.db, query);
      return { data: rows.map(toGuestDto), total, page: query.page, page_size: query.page_size };
    },

    get: getDetail,

    /** Managers and above; an e-mail another guest has is refused (unique, case-insensitive). */
    async update(guestId: string, patch: GuestUpdate, context: ActorContext) {
      if (Object.values(patch).every((value) => value === undefined)) {
        throw badRequest(GUEST_MESSAGES.nothingToUpdate);
      }
      await context.transaction(async (tx) => {
        const guest = await lockGuestRecord(tx, guestId);
        if (!guest) throw notFound(GUEST_MESSAGES.notFound);
        if (guest.anonymized_at) throw conflict(GUEST_MESSAGES.anonymized);
        if (patch.email !== undefined) {
          const other = await findOtherGuestByEmail(tx, patch.email, guestId);
          if (other) {
            const message = emailTakenMessage(other.guest_name);
            throw new AppError(409, message, [{ path: 'email', message }]);
          }
        }
        await updateGuestRecord(tx, guestId, {
          ...(patch.guest_name !== undefined ? { guest_name: patch.guest_name } : {}),
          ...(patch.email !== undefined ? { email: patch.email } : {}),
          ...(patch.phone_number !== undefined ? { phone_number: patch.phone_number } : {}),
          ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
          ...(patch.is_corporate !== undefined ? { is_corporate: patch.is_corporate } : {}),
        });
      });
      return getDetail(guestId);
    },

    /**
     * Everything the resort holds about a guest, for a data-subject access request under the
     * Philippine Data Privacy Act: the guest row, their bookings (with lines) and payments.
     */
    async exportData(guestId: string) {
      const guest = await findGuestRecord(database.db, guestId);
      if (!guest) throw notFound(GUEST_MESSAGES.notFound);
      const bookings = await findBookingDtosOfGuest(database.db, guestId);
      const payments = await paymentsOfBookings(
        database.db,
        bookings.map((booking) => booking.booking_id),
      );
      return {
        exported_at: clock.now().toISOString(),
        guest: toGuestDto(guest),
        bookings,
        // The download link is the back office's; the export says only that a proof exists.
        payments: payments.map((payment) => ({ ...payment, payment_proof_url: null })),
      };
    },

    /**
     * Owners and above: the guest's name, e-mail, phone and notes are replaced, on the guest and on
     * their bookings (with special requests); bookings and money stay. Irreversible, so the
     * current name must be typed again.
     */
    async anonymize(guestId: string, confirmName: string, context: ActorContext) {
      await context.transaction(async (tx) => {
        const guest = await lockGuestRecord(tx, guestId);
        if (!guest) throw notFound(GUEST_MESSAGES.notFound);
        if (guest.anonymized_at) throw conflict(GUEST_MESSAGES.alreadyAnonymized);
        if (confirmName.trim().toLowerCase() !== guest.guest_name.trim().toLowerCase()) {
          throw badRequest(ANONYMIZE_CONFIRM_MESSAGE, [
            { path: 'confirm_name', message: ANONYMIZE_CONFIRM_MESSAGE },
          ]);
        }
        const email = anonymizedEmail(guest.guest_id);
        await updateGuestRecord(tx, guestId, {
          guest_name: ANONYMIZED_NAME,
          email,
          phone_number: null,
          notes: null,
          anonymized_at: clock.now(),
        });
        await anonymizeGuestOnBookings(tx, guestId, { guest_name: ANONYMIZED_NAME, email });
      });
      return getDetail(guestId);
    },
  };
}
