import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AppDb, AppTx, Database } from '../db/client';
import {
  bookingUnits,
  bookings,
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

/** One row of a cabin's export: the cabin's name with one of its events (none: nulls). */
export type ExportCalendarRow = {
  unit_name: string;
  /** 'line' or 'blackout'; null when the cabin has nothing to export. */
  kind: 'line' | 'blackout' | null;
  id: string | null;
  /** The first night, 'YYYYMMDD'. */
  start: string | null;
  /** The day after the last night, 'YYYYMMDD'. */
  end: string | null;
  /** When it last changed, 'YYYYMMDDTHHMMSSZ' (UTC, to the second, as a JS Date would give). */
  stamp: string | null;
};

/**
 * Issue 24: everything a cabin's export shows, in one statement: the live token's cabin, its live
 * booking lines that end after `from` (check-in order), then its blackouts that end on or after
 * it (start order), with their dates already in the calendar's forms. No rows: no live token.
 * Imported holds are never read here: they must not echo back to the channels (issue 19 §1).
 */
export function findExportCalendar(
  database: Database,
  token: string,
  from: string,
): Promise<ExportCalendarRow[]> {
  return database.query<ExportCalendarRow>(
    `SELECT u.unit_name, e.kind, e.id, e.start, e."end", e.stamp
       FROM channel_export_tokens t
       JOIN units u ON u.unit_id = t.unit_id
       LEFT JOIN LATERAL (
         SELECT 0 AS sort, 'line' AS kind, bu.booking_unit_id AS id, bu.check_in AS first,
                to_char(bu.check_in, 'YYYYMMDD') AS start,
                to_char(bu.check_out, 'YYYYMMDD') AS "end",
                to_char(bu.updated_at AT TIME ZONE 'UTC', 'YYYYMMDD"T"HH24MISS"Z"') AS stamp
           FROM booking_units bu
          WHERE bu.unit_id = t.unit_id AND bu.booking_status <> 'Cancelled'
            AND bu.check_out > $2::date
         UNION ALL
         -- A blackout's end_date is its last blocked night; the feed's DTEND is the day after.
         SELECT 1, 'blackout', a.blackout_id, a.start_date,
                to_char(a.start_date, 'YYYYMMDD'), to_char(a.end_date + 1, 'YYYYMMDD'),
                to_char(a.updated_at AT TIME ZONE 'UTC', 'YYYYMMDD"T"HH24MISS"Z"')
           FROM availability_blackouts a
          WHERE a.unit_id = t.unit_id AND a.end_date >= $2::date
       ) e ON true
      WHERE t.token = $1 AND t.revoked_at IS NULL
      ORDER BY e.sort, e.first, e.id`,
    [token, from],
    { prepare: 'export_calendar' },
  );
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

/**
 * The feed, locked for the rest of the transaction (issue 24): a second sync of the same feed,
 * on this instance or another, waits here and then sees the holds the first one wrote.
 */
export async function lockFeed(tx: AppTx, feedId: string): Promise<FeedRow | null> {
  const rows = await tx
    .select()
    .from(channelFeeds)
    .where(eq(channelFeeds.feed_id, feedId))
    .for('update');
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

/**
 * Issue 19 §2: a feed waiting for its scheduled run (synced before, not yet due) is rescheduled
 * to its last download plus `minutes`, so a changed polling interval applies from the next sweep.
 * A run already due (a new feed, a new address) is left due.
 */
export async function rescheduleFeeds(tx: AppTx, minutes: number, now: Date): Promise<void> {
  const scheduled = sql`${channelFeeds.last_synced_at} + ${minutes} * interval '1 minute'`;
  await tx
    .update(channelFeeds)
    .set({ next_run_at: scheduled })
    .where(
      and(
        isNotNull(channelFeeds.last_synced_at),
        sql`${channelFeeds.next_run_at} > ${now.toISOString()}::timestamptz`,
        sql`${channelFeeds.next_run_at} <> ${scheduled}`,
      ),
    );
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

/** Rows per INSERT: six parameters each stays far below PostgreSQL's 65,535 per statement. */
const HOLDS_PER_INSERT = 1000;

/**
 * Inserts a feed's new events a thousand per statement (a sync adds up to thousands at once; a
 * 5 MB feed could hold more rows than one statement may have parameters for).
 */
export async function insertHolds(
  tx: AppTx,
  values: (typeof externalHolds.$inferInsert)[],
): Promise<void> {
  for (let from = 0; from < values.length; from += HOLDS_PER_INSERT) {
    await tx.insert(externalHolds).values(values.slice(from, from + HOLDS_PER_INSERT));
  }
}

/**
 * Moves or renames many holds in one statement: each row's UID, summary and nights by its
 * hold_id (the per-row triggers flag conflicts and audit each change, as one update would).
 */
export async function updateHoldEvents(
  tx: AppTx,
  changes: {
    hold_id: string;
    uid: string;
    summary: string | null;
    start_date: string;
    end_date: string;
  }[],
): Promise<void> {
  if (changes.length === 0) return;
  await tx.execute(sql`
    UPDATE external_holds h
       SET uid = e.uid, summary = e.summary, start_date = e.start_date, end_date = e.end_date
      FROM json_to_recordset(${JSON.stringify(changes)}::json)
           AS e(hold_id uuid, uid text, summary text, start_date date, end_date date)
     WHERE h.hold_id = e.hold_id`);
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

/**
 * Feeds whose downloads have failed since `before` or earlier: an error now, and no success since
 * (or ever, for a feed added before then), with their cabin's name (issue 19 §4).
 */
export async function listFeedsFailingSince(
  db: Executor,
  before: Date,
): Promise<(FeedRow & { unit_name: string })[]> {
  const rows = await db
    .select({ feed: channelFeeds, unit_name: units.unit_name })
    .from(channelFeeds)
    .innerJoin(units, eq(units.unit_id, channelFeeds.unit_id))
    .where(
      and(
        isNotNull(channelFeeds.last_error),
        sql`coalesce(${channelFeeds.last_success_at}, ${channelFeeds.created_at}) < ${before.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(units.unit_name), asc(channelFeeds.name), asc(channelFeeds.feed_id));
  return rows.map((row) => ({ ...row.feed, unit_name: row.unit_name }));
}

export type ConflictRow = HoldRow & { unit_name: string; feed_name: string; channel: string };

/** Holds with their cabin's name and their feed's name and channel, where `where` holds. */
async function selectConflictRows(
  db: Executor,
  where: SQL | undefined,
  limit = 200,
): Promise<ConflictRow[]> {
  const rows = await db
    .select({
      hold: externalHolds,
      unit_name: units.unit_name,
      feed_name: channelFeeds.name,
      channel: channelFeeds.channel,
    })
    .from(externalHolds)
    .innerJoin(units, eq(units.unit_id, externalHolds.unit_id))
    .innerJoin(channelFeeds, eq(channelFeeds.feed_id, externalHolds.feed_id))
    .where(where)
    .orderBy(asc(externalHolds.start_date), asc(externalHolds.hold_id))
    .limit(limit);
  return rows.map((row) => ({
    ...row.hold,
    unit_name: row.unit_name,
    feed_name: row.feed_name,
    channel: row.channel,
  }));
}

/** A hold's nights meet a live line of the booking, on the same cabin. */
const overBooking = (bookingId: string) => sql`EXISTS (
  SELECT 1 FROM ${bookingUnits} bu
   WHERE bu.booking_id = ${bookingId}::uuid AND bu.unit_id = ${externalHolds.unit_id}
     AND bu.booking_status <> 'Cancelled'
     AND daterange(bu.check_in, bu.check_out, '[)')
         && daterange(${externalHolds.start_date}, ${externalHolds.end_date}, '[)'))`;

/**
 * Holds flagged as conflicts: open ones, or every one (open and resolved) when `all`; only those
 * over one booking's nights with `bookingId`.
 */
export function listConflictRows(
  db: Executor,
  filter: { all: boolean; bookingId?: string | undefined },
): Promise<ConflictRow[]> {
  return selectConflictRows(
    db,
    and(
      eq(externalHolds.conflict, true),
      filter.all ? isNotNull(externalHolds.hold_id) : isNull(externalHolds.resolved_at),
      filter.bookingId ? overBooking(filter.bookingId) : undefined,
    ),
  );
}

export async function findConflictRow(db: Executor, holdId: string): Promise<ConflictRow | null> {
  const [row] = await selectConflictRows(db, eq(externalHolds.hold_id, holdId), 1);
  return row ?? null;
}

/**
 * A feed's open conflicts whose direct bookings have not been e-mailed about yet (migration
 * 0018): a new conflict, or the hold now over other bookings.
 */
export function listUnnotifiedConflicts(tx: AppTx, feedId: string): Promise<ConflictRow[]> {
  return selectConflictRows(
    tx,
    and(
      eq(externalHolds.feed_id, feedId),
      eq(externalHolds.conflict, true),
      isNull(externalHolds.resolved_at),
      sql`${externalHolds.conflict_refs} IS DISTINCT FROM ${externalHolds.conflict_notified_refs}`,
    ),
  );
}

/** The live direct bookings over a hold's nights on its cabin (what a conflict mail links to). */
export async function findBookingsUnderHold(
  tx: AppTx,
  hold: { unit_id: string; start_date: string; end_date: string },
): Promise<{ booking_id: string; booking_reference: string }[]> {
  return tx
    .selectDistinct({
      booking_id: bookings.booking_id,
      booking_reference: bookings.booking_reference,
    })
    .from(bookingUnits)
    .innerJoin(bookings, eq(bookings.booking_id, bookingUnits.booking_id))
    .where(
      and(
        eq(bookingUnits.unit_id, hold.unit_id),
        ne(bookingUnits.booking_status, 'Cancelled'),
        sql`daterange(${bookingUnits.check_in}, ${bookingUnits.check_out}, '[)') && daterange(${hold.start_date}::date, ${hold.end_date}::date, '[)')`,
      ),
    )
    .orderBy(asc(bookings.booking_reference));
}
