import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';
import {
  availabilityBlackouts,
  bookingUnits,
  channelExportTokens,
  channelFeedLog,
  channelFeeds,
  externalHolds,
  units,
} from '../db/schema';

type Executor = AppDb | AppTx;

export type ExportTokenRow = typeof channelExportTokens.$inferSelect;
export type FeedRow = typeof channelFeeds.$inferSelect;
export type HoldRow = typeof externalHolds.$inferSelect;
export type FeedLogRow = typeof channelFeedLog.$inferSelect;

// --- Export tokens -------------------------------------------------------------------------

export async function findExportToken(
  db: Executor,
  unitId: string,
): Promise<ExportTokenRow | null> {
  const rows = await db
    .select()
    .from(channelExportTokens)
    .where(eq(channelExportTokens.unit_id, unitId));
  return rows[0] ?? null;
}

/** Makes the cabin's token when it has none (two first readers at once keep the first). */
export async function insertExportTokenIfMissing(
  tx: AppTx,
  unitId: string,
  token: string,
): Promise<void> {
  await tx.insert(channelExportTokens).values({ unit_id: unitId, token }).onConflictDoNothing();
}

/** Replaces the cabin's token (rotate), un-revoking it. */
export async function replaceExportToken(tx: AppTx, unitId: string, token: string): Promise<void> {
  await tx
    .insert(channelExportTokens)
    .values({ unit_id: unitId, token })
    .onConflictDoUpdate({
      target: channelExportTokens.unit_id,
      set: { token, revoked_at: null },
    });
}

export async function revokeExportTokenRow(tx: AppTx, unitId: string, at: Date): Promise<void> {
  await tx
    .update(channelExportTokens)
    .set({ revoked_at: at })
    .where(eq(channelExportTokens.unit_id, unitId));
}

/** The cabin a live (not revoked) token opens, or null. */
export async function findUnitByExportToken(
  db: Executor,
  token: string,
): Promise<{ unit_id: string; unit_name: string } | null> {
  const rows = await db
    .select({ unit_id: units.unit_id, unit_name: units.unit_name })
    .from(channelExportTokens)
    .innerJoin(units, eq(units.unit_id, channelExportTokens.unit_id))
    .where(and(eq(channelExportTokens.token, token), isNull(channelExportTokens.revoked_at)));
  return rows[0] ?? null;
}

/**
 * What a cabin's export shows (issue 19 §1): its live booking lines and blackouts that end on or
 * after `from`. Imported holds are never read here: they must not echo back to the channels.
 */
export async function findExportEntries(
  db: Executor,
  unitId: string,
  from: string,
): Promise<{
  lines: { booking_unit_id: string; check_in: string; check_out: string; updated_at: Date }[];
  blackouts: { blackout_id: string; start_date: string; end_date: string; updated_at: Date }[];
}> {
  const [lines, blackouts] = await Promise.all([
    db
      .select({
        booking_unit_id: bookingUnits.booking_unit_id,
        check_in: bookingUnits.check_in,
        check_out: bookingUnits.check_out,
        updated_at: bookingUnits.updated_at,
      })
      .from(bookingUnits)
      .where(
        and(
          eq(bookingUnits.unit_id, unitId),
          ne(bookingUnits.booking_status, 'Cancelled'),
          sql`${bookingUnits.check_out} > ${from}::date`,
        ),
      )
      .orderBy(asc(bookingUnits.check_in), asc(bookingUnits.booking_unit_id)),
    db
      .select({
        blackout_id: availabilityBlackouts.blackout_id,
        start_date: availabilityBlackouts.start_date,
        end_date: availabilityBlackouts.end_date,
        updated_at: availabilityBlackouts.updated_at,
      })
      .from(availabilityBlackouts)
      .where(
        and(
          eq(availabilityBlackouts.unit_id, unitId),
          sql`${availabilityBlackouts.end_date} >= ${from}::date`,
        ),
      )
      .orderBy(asc(availabilityBlackouts.start_date), asc(availabilityBlackouts.blackout_id)),
  ]);
  return { lines, blackouts };
}

// --- Feeds ---------------------------------------------------------------------------------

export async function listFeedsOfUnit(db: Executor, unitId: string): Promise<FeedRow[]> {
  return db
    .select()
    .from(channelFeeds)
    .where(eq(channelFeeds.unit_id, unitId))
    .orderBy(asc(channelFeeds.created_at), asc(channelFeeds.feed_id));
}

export async function findFeed(db: Executor, feedId: string): Promise<FeedRow | null> {
  const rows = await db.select().from(channelFeeds).where(eq(channelFeeds.feed_id, feedId));
  return rows[0] ?? null;
}

export async function insertFeed(
  tx: AppTx,
  values: typeof channelFeeds.$inferInsert,
): Promise<FeedRow> {
  const [row] = await tx.insert(channelFeeds).values(values).returning();
  return row!;
}

export async function updateFeedRow(
  tx: AppTx,
  feedId: string,
  values: Partial<typeof channelFeeds.$inferInsert>,
): Promise<FeedRow | null> {
  const rows = await tx
    .update(channelFeeds)
    .set(values)
    .where(eq(channelFeeds.feed_id, feedId))
    .returning();
  return rows[0] ?? null;
}

export async function deleteFeedRow(tx: AppTx, feedId: string): Promise<boolean> {
  const rows = await tx
    .delete(channelFeeds)
    .where(eq(channelFeeds.feed_id, feedId))
    .returning({ feed_id: channelFeeds.feed_id });
  return rows.length > 0;
}

/** Feeds whose next download is due at `now`, the longest-waiting first. */
export async function listDueFeedIds(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ feed_id: channelFeeds.feed_id })
    .from(channelFeeds)
    .where(lte(channelFeeds.next_run_at, now))
    .orderBy(asc(channelFeeds.next_run_at))
    .limit(limit);
  return rows.map((row) => row.feed_id);
}

export async function insertFeedLog(
  tx: AppTx,
  feedId: string,
  entries: { level: 'info' | 'warning' | 'error'; message: string }[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(channelFeedLog).values(
    entries.map((entry) => ({
      feed_id: feedId,
      ...entry,
      message: entry.message.slice(0, 1000),
    })),
  );
}

/** The newest log lines of each feed. */
export async function listFeedLogs(
  db: Executor,
  feedIds: string[],
  perFeed: number,
): Promise<FeedLogRow[]> {
  if (feedIds.length === 0) return [];
  const rows = await db
    .select()
    .from(channelFeedLog)
    .where(inArray(channelFeedLog.feed_id, feedIds))
    .orderBy(desc(channelFeedLog.created_at), desc(channelFeedLog.log_id))
    .limit(perFeed * feedIds.length * 4);
  const counts = new Map<string, number>();
  return rows.filter((row) => {
    const seen = counts.get(row.feed_id) ?? 0;
    counts.set(row.feed_id, seen + 1);
    return seen < perFeed;
  });
}

// --- Holds ---------------------------------------------------------------------------------

export async function listHoldsOfFeed(tx: AppTx, feedId: string): Promise<HoldRow[]> {
  return tx
    .select()
    .from(externalHolds)
    .where(eq(externalHolds.feed_id, feedId))
    .orderBy(asc(externalHolds.start_date), asc(externalHolds.hold_id));
}

/** Holds of other feeds already using these UIDs (a UID holds one cabin, once). */
export async function findHoldsWithUids(
  tx: AppTx,
  uids: string[],
  exceptFeedId: string,
): Promise<{ uid: string; feed_id: string }[]> {
  if (uids.length === 0) return [];
  return tx
    .select({ uid: externalHolds.uid, feed_id: externalHolds.feed_id })
    .from(externalHolds)
    .where(and(inArray(externalHolds.uid, uids), ne(externalHolds.feed_id, exceptFeedId)));
}

export async function insertHold(
  tx: AppTx,
  values: typeof externalHolds.$inferInsert,
): Promise<HoldRow> {
  const [row] = await tx.insert(externalHolds).values(values).returning();
  return row!;
}

export async function updateHoldRow(
  tx: AppTx,
  holdId: string,
  values: Partial<typeof externalHolds.$inferInsert>,
): Promise<HoldRow | null> {
  const rows = await tx
    .update(externalHolds)
    .set(values)
    .where(eq(externalHolds.hold_id, holdId))
    .returning();
  return rows[0] ?? null;
}

export async function deleteHoldRows(tx: AppTx, holdIds: string[]): Promise<void> {
  if (holdIds.length === 0) return;
  await tx.delete(externalHolds).where(inArray(externalHolds.hold_id, holdIds));
}

export type ConflictRow = HoldRow & { unit_name: string; feed_name: string; channel: string };

const conflictColumns = {
  hold: externalHolds,
  unit_name: units.unit_name,
  feed_name: channelFeeds.name,
  channel: channelFeeds.channel,
};

function toConflictRow(row: {
  hold: HoldRow;
  unit_name: string;
  feed_name: string;
  channel: string;
}): ConflictRow {
  return { ...row.hold, unit_name: row.unit_name, feed_name: row.feed_name, channel: row.channel };
}

/** Holds flagged as conflicts: open ones, or every one (open and resolved) when `all`. */
export async function listConflictRows(db: Executor, all: boolean): Promise<ConflictRow[]> {
  const rows = await db
    .select(conflictColumns)
    .from(externalHolds)
    .innerJoin(units, eq(units.unit_id, externalHolds.unit_id))
    .innerJoin(channelFeeds, eq(channelFeeds.feed_id, externalHolds.feed_id))
    .where(
      and(
        eq(externalHolds.conflict, true),
        all ? isNotNull(externalHolds.hold_id) : isNull(externalHolds.resolved_at),
      ),
    )
    .orderBy(asc(externalHolds.start_date), asc(externalHolds.hold_id))
    .limit(200);
  return rows.map(toConflictRow);
}

export async function findConflictRow(db: Executor, holdId: string): Promise<ConflictRow | null> {
  const rows = await db
    .select(conflictColumns)
    .from(externalHolds)
    .innerJoin(units, eq(units.unit_id, externalHolds.unit_id))
    .innerJoin(channelFeeds, eq(channelFeeds.feed_id, externalHolds.feed_id))
    .where(eq(externalHolds.hold_id, holdId));
  return rows[0] ? toConflictRow(rows[0]) : null;
}
