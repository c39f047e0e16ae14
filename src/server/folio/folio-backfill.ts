import { entryDraftIssue, summarizeFolio } from '../../domain/folio';
import { legacyFolioEntries } from '../../domain/folio-migration';
import { writeBookingMoney } from '../bookings/booking-payment-status.service';
import type { AppTx, Database } from '../db/client';
import {
  findBookingsWithoutFolio,
  findFolioBookingFactsOf,
  findLegacyBookings,
  insertFolioEntries,
  type NewFolioEntry,
} from './folio.repository';

/**
 * Issue 17 point 1: every booking made before the folio gets its folio from its stored figures
 * (domain folio-migration.ts legacyFolioEntries: charges_total = its total_amount, paid_total =
 * its Completed less Refunded payments, to the centavo), and its payment status is read anew from
 * it. Run right after the SQL migrations (db/prepare.ts, the test databases) and after a seed
 * that writes bookings directly; idempotent (a booking with entries is left alone), one
 * transaction per batch, each batch read and written in a handful of statements. The guests'
 * totals need no refresh: the folio's paid_total is the net paid they were counted from.
 */

export const BACKFILL_BATCH = 500;

/** The folio of each of `bookingIds` that has none yet, inside `tx`. */
export async function backfillBookings(tx: AppTx, bookingIds: readonly string[]): Promise<number> {
  const [legacy, facts] = await Promise.all([
    findLegacyBookings(tx, bookingIds),
    findFolioBookingFactsOf(tx, bookingIds),
  ]);
  const rows: (NewFolioEntry & { booking_id: string })[] = [];
  const statuses = new Map<string, { total_amount: number; payment_status: string }>();
  let done = 0;
  for (const bookingId of bookingIds) {
    const booking = legacy.get(bookingId);
    const fact = facts.get(bookingId);
    if (!booking || !fact) continue;
    const entries = legacyFolioEntries(booking);
    for (const entry of entries) {
      const issue = entryDraftIssue(entry);
      if (issue) throw new Error(`Backfill of booking ${bookingId} refused: ${issue}`);
    }
    rows.push(...entries.map((entry) => ({ ...entry, booking_id: bookingId })));
    const summary = summarizeFolio({
      entries: entries.map((entry, i) => ({ ...entry, entry_id: String(i) })),
      deposit_amount: fact.deposit_amount,
      has_pending_proof: fact.has_pending_proof,
      cancelled: fact.booking_status === 'Cancelled',
    });
    if (summary.payment_status !== fact.payment_status) {
      statuses.set(bookingId, {
        total_amount: booking.total_amount,
        payment_status: summary.payment_status,
      });
    }
    done += 1;
  }
  await insertFolioEntries(tx, null, rows);
  for (const [bookingId, money] of statuses) await writeBookingMoney(tx, bookingId, money);
  return done;
}

/** Gives every booking without entries its folio; answers how many were given one. */
export async function backfillFolios(
  database: Database,
  batchSize: number = BACKFILL_BATCH,
): Promise<number> {
  let after: string | null = null;
  let total = 0;
  for (;;) {
    const ids = await findBookingsWithoutFolio(database.db, after, batchSize);
    if (ids.length === 0) return total;
    total += await database.db.transaction((tx) => backfillBookings(tx, ids));
    after = ids[ids.length - 1]!;
  }
}
