import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';
import { bookings, bookingUnits, units } from '../db/schema';

export type ProofBookingRow = {
  booking_id: string;
  booking_reference: string;
  booking_status: string;
  payment_status: string;
  payment_method: string | null;
  created_via: string;
  total_amount: number;
  deposit_amount: number;
  guest_id: string | null;
  cancellation_reason: string | null;
};

/** The booking a proof is for, locked until the transaction ends (confirm vs. the expiry job). */
export async function lockBookingForProof(
  tx: AppTx,
  bookingId: string,
): Promise<ProofBookingRow | null> {
  const rows = await tx
    .select({
      booking_id: bookings.booking_id,
      booking_reference: bookings.booking_reference,
      booking_status: bookings.booking_status,
      payment_status: bookings.payment_status,
      payment_method: bookings.payment_method,
      created_via: bookings.created_via,
      total_amount: bookings.total_amount,
      deposit_amount: bookings.deposit_amount,
      guest_id: bookings.guest_id,
      cancellation_reason: bookings.cancellation_reason,
    })
    .from(bookings)
    .where(eq(bookings.booking_id, bookingId))
    .for('update');
  return rows[0] ?? null;
}

export type BookingSummaryRow = {
  booking_id: string;
  booking_reference: string;
  booking_status: string;
  payment_status: string;
  check_in: string;
  check_out: string;
  total_amount: number;
  num_guests: number;
  guest_name: string;
  email: string | null;
  contact_number: string | null;
  special_requests: string | null;
  unit_name: string | null;
  unit_type: string | null;
  rate_plan: string;
  promo_code: string | null;
};

const summaryColumns = {
  booking_id: bookings.booking_id,
  booking_reference: bookings.booking_reference,
  booking_status: bookings.booking_status,
  payment_status: bookings.payment_status,
  check_in: bookings.check_in,
  check_out: bookings.check_out,
  total_amount: bookings.total_amount,
  num_guests: bookings.num_guests,
  guest_name: bookings.guest_name,
  email: bookings.email,
  contact_number: bookings.contact_number,
  special_requests: bookings.special_requests,
  unit_name: units.unit_name,
  unit_type: units.unit_type,
  rate_plan: bookings.rate_plan,
  promo_code: bookings.promo_code,
};

/** A booking with the unit of its first line (SPEC §7's lookup answers one unit). */
export async function findBookingSummary(
  db: AppDb,
  bookingId: string,
): Promise<BookingSummaryRow | null> {
  const rows = await db
    .select(summaryColumns)
    .from(bookings)
    .leftJoin(bookingUnits, eq(bookingUnits.booking_id, bookings.booking_id))
    .leftJoin(units, eq(units.unit_id, bookingUnits.unit_id))
    .where(eq(bookings.booking_id, bookingId))
    .orderBy(asc(bookingUnits.created_at), asc(units.unit_name))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * SPEC §7 status lookup: reference and e-mail must both match (the e-mail case-insensitively),
 * in one query, so a wrong reference and a wrong e-mail cannot be told apart.
 */
export async function findBookingByReferenceAndEmail(
  db: AppDb,
  reference: string,
  email: string,
): Promise<BookingSummaryRow | null> {
  const rows = await db
    .select(summaryColumns)
    .from(bookings)
    .leftJoin(bookingUnits, eq(bookingUnits.booking_id, bookings.booking_id))
    .leftJoin(units, eq(units.unit_id, bookingUnits.unit_id))
    .where(
      and(
        eq(bookings.booking_reference, reference),
        sql`lower(${bookings.email}) = lower(${email})`,
      ),
    )
    .orderBy(asc(bookingUnits.created_at), asc(units.unit_name))
    .limit(1);
  return rows[0] ?? null;
}
