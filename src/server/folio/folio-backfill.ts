import { legacyFolioEntries } from '../../domain/folio-migration';
import type { AppTx, Database } from '../db/client';
import { findBookingsWithoutFolio, findLegacyBookings } from './folio.repository';
import { postEntries, settleFolio } from './folio.service';

/**
 * Issue 17 point 1: every booking made before the folio gets its folio from its stored figures
 * (domain folio-migration.ts legacyFolioEntries: charges_total = its total_amount, paid_total =
 * its Completed less Refunded payments, to the centavo), and its payment status is read anew from
 * it. Run right after the SQL migrations (db/prepare.ts, the test databases) and after a seed
 * that writes bookings directly; idempotent (a booking with entries is left alone), one
 * transaction per batch.
 */

export const BACKFILL_BATCH = 200;

/** The folio of each of `bookingIds` that has none yet, inside `tx`. */
export async function backfillBookings(tx: AppTx, bookingIds: readonly string[]): Promise<number> {
  const legacy = await findLegacyBookings(tx, bookingIds);
  let done = 0;
  for (const bookingId of bookingIds) {
    const booking = legacy.get(bookingId);
    if (!booking) continue;
    const entries = legacyFolioEntries(booking);
    if (entries.length > 0) await postEntries(tx, bookingId, entries);
    await settleFolio(tx, bookingId);
    done += 1;
  }
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
