import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';
import { guests } from '../db/schema';

export type GuestRow = typeof guests.$inferSelect;

/**
 * DESIGN §6: a guest is found by e-mail, case-insensitively, or created. A new guest starts with
 * total_bookings 0 and total_spent 0 (SPEC §5 "Guest creation"). An existing guest takes the
 * newest name given with their e-mail (docs/decisions/0015): the booking keeps the name it was
 * made with, the guests audit trigger keeps the old name in the history, and staff can put it
 * back on the guest page. The phone is left as it is: a number typed on an anonymous form is not
 * trusted to replace the one on file.
 *
 * Concurrent calls for one e-mail are safe: the unique index on lower(email) makes the second
 * insert wait for the first and then do nothing, and the select that follows sees the winner.
 */
export async function findOrCreateGuestByEmail(
  tx: AppDb | AppTx,
  guest: { guest_name: string; email: string | null; phone_number: string | null },
): Promise<{ guest: GuestRow; created: boolean }> {
  if (guest.email === null) return findOrCreateGuestByPhone(tx, { ...guest, email: null });
  const email = guest.email.trim();
  const inserted = await tx
    .insert(guests)
    .values({
      guest_name: guest.guest_name,
      email,
      phone_number: guest.phone_number,
      total_bookings: 0,
      total_spent: 0,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { guest: inserted[0], created: true };
  const found = await tx
    .select()
    .from(guests)
    .where(sql`lower(${guests.email}) = lower(${email})`)
    .limit(1);
  const existing = found[0];
  if (!existing) throw new Error(`guest ${email} neither inserted nor found`);
  if (existing.guest_name === guest.guest_name) return { guest: existing, created: false };
  const [renamed] = await tx
    .update(guests)
    .set({ guest_name: guest.guest_name })
    .where(eq(guests.guest_id, existing.guest_id))
    .returning();
  return { guest: renamed ?? existing, created: false };
}

/**
 * Issue 22: a walk-in booked with a phone number and no e-mail address is the guest without an
 * e-mail address who has that number (and is not anonymised), or a new guest.
 */
async function findOrCreateGuestByPhone(
  tx: AppDb | AppTx,
  guest: { guest_name: string; email: null; phone_number: string | null },
): Promise<{ guest: GuestRow; created: boolean }> {
  if (guest.phone_number) {
    const [existing] = await tx
      .select()
      .from(guests)
      .where(
        and(
          isNull(guests.email),
          isNull(guests.anonymized_at),
          eq(guests.phone_number, guest.phone_number),
        ),
      )
      .orderBy(asc(guests.created_at))
      .limit(1);
    if (existing) {
      if (existing.guest_name === guest.guest_name) return { guest: existing, created: false };
      const [renamed] = await tx
        .update(guests)
        .set({ guest_name: guest.guest_name })
        .where(eq(guests.guest_id, existing.guest_id))
        .returning();
      return { guest: renamed ?? existing, created: false };
    }
  }
  const [inserted] = await tx
    .insert(guests)
    .values({
      guest_name: guest.guest_name,
      email: null,
      phone_number: guest.phone_number,
      total_bookings: 0,
      total_spent: 0,
    })
    .returning();
  return { guest: inserted!, created: true };
}

/**
 * DESIGN §6: total_bookings and total_spent follow the guest's bookings and verified payments.
 * Issue 15: total_bookings counts every booking, cancelled ones too, and cancelled_bookings how
 * many of them were cancelled; total_spent is the money kept: verified (Completed) payments less
 * refunds on all of the guest's bookings, so a cancelled booking whose payment was kept is both
 * counted and paid (issue 17: read from the folio). Every path that changes a booking's status or payments calls this in its
 * transaction through guest-accounts.service.ts (payment-ledger.service's settleBooking, booking
 * creation, deletion, the expiry job). Returns the guest as updated.
 */
export async function refreshGuestTotals(
  tx: AppDb | AppTx,
  guestId: string,
): Promise<GuestRow | undefined> {
  const [row] = await tx
    .update(guests)
    .set({
      total_bookings: sql`(
        SELECT count(*)::int FROM bookings b WHERE b.guest_id = guests.guest_id)`,
      cancelled_bookings: sql`(
        SELECT count(*)::int FROM bookings b
         WHERE b.guest_id = guests.guest_id AND b.booking_status = 'Cancelled')`,
      // Issue 17: the money kept is the folio's paid_total of each booking (payments less
      // refunds, a reversal counted with the entry it reverses).
      total_spent: sql`(
        SELECT coalesce(-sum(fe.amount), 0)
          FROM folio_entries fe
          JOIN bookings b ON b.booking_id = fe.booking_id
          LEFT JOIN folio_entries ft ON ft.entry_id = fe.reverses_entry_id
         WHERE b.guest_id = guests.guest_id
           AND coalesce(ft.kind, fe.kind) IN ('payment', 'refund'))`,
    })
    .where(eq(guests.guest_id, guestId))
    .returning();
  return row;
}
