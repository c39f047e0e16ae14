import { createHash, randomBytes } from 'node:crypto';
import { addDays, todayInZone } from '../../domain/dates';
import { isRecordId } from '../../domain/record-id';
import {
  maskFeedUrl,
  type ChannelConflictDto,
  type ConflictResolve,
  type ConflictsQuery,
  type FailingFeedDto,
  type ExportUrlDto,
  type FeedCreate,
  type FeedDto,
  type FeedUpdate,
} from '../../domain/schemas/channel.schema';
import type { GeneralSettings } from '../../domain/settings';
import type { AppTx } from '../db/client';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../errors';
import type { ActorContext } from '../http/request-context';
import { FetchRefused, safeFetch } from '../http/safe-fetch';
import { SEND_MAIL_JOB } from '../mail/mail-delivery';
import { channelConflictMail } from '../mail/templates/channel-conflict';
import { lockCabin } from '../units/units.service';
import { listActiveUserEmails } from '../users/users.service';
import {
  deleteFeedRow,
  deleteHoldRows,
  findBookingsUnderHold,
  findConflictRow,
  findExportCalendar,
  findExportToken,
  findFeed,
  findHoldsWithUids,
  insertExportTokenIfMissing,
  insertFeed,
  insertFeedLog,
  insertHolds,
  listConflictRows,
  listDueFeedIds,
  listFeedLogs,
  listFeedsFailingSince,
  listFeedsOfUnit,
  listHoldsOfFeed,
  listUnnotifiedConflicts,
  lockFeed,
  replaceExportToken,
  rescheduleFeeds,
  revokeExportTokenRow,
  updateFeedRow,
  updateHoldEvents,
  updateHoldRow,
  type ConflictRow,
  type FeedLogRow,
  type FeedRow,
  type HoldRow,
} from './channels.repository';
import {
  InvalidFeed,
  parseFeed,
  writeCalendar,
  type CalendarEvent,
  type FeedEvent,
} from './ical-format';

/**
 * Channel sync (issue 19, DESIGN §8): each cabin's secret export feed, the channels' feeds it
 * imports, and the conflicts between their bookings and direct ones. The guard itself is in the
 * database (migrations/0016_channels.sql); this service keeps holds in step with the feeds.
 */

export const CHANNEL_SERVICE_MESSAGES = {
  unitNotFound: 'Cabin not found',
  feedNotFound: 'Feed not found',
  conflictNotFound: 'Conflict not found',
  alreadyResolved: 'This conflict has already been resolved.',
  feedNotFoundExport: 'Calendar not found',
} as const;

/** Events that ended more than this many days ago are not imported (issue 19 §2). */
export const IGNORE_ENDED_DAYS = 3;
/** Issue 19 §2: at most 3 redirects, 5 MB. The time limit is config.feedFetchTimeoutMs. */
export const FEED_MAX_REDIRECTS = 3;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
/** A feed failing this long shows a warning on the dashboard (issue 19 §4). */
const FAILING_AFTER_MS = 24 * 60 * 60 * 1000;
const LOG_LINES_PER_FEED = 5;

const today = (deps: AppDeps) => todayInZone(deps.config.timezone, deps.clock.now());

// --- Export --------------------------------------------------------------------------------

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function exportUrlOf(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/public/ical/${token}.ics`;
}

async function requireCabin(tx: AppTx, unitId: string): Promise<void> {
  if (!isRecordId(unitId) || !(await lockCabin(tx, unitId))) {
    throw notFound(CHANNEL_SERVICE_MESSAGES.unitNotFound);
  }
}

/**
 * The cabin's export URL (GET /api/units/:id/ical). The first call makes the cabin's token; a
 * revoked export answers null until it is rotated.
 */
export async function getExportUrl(
  deps: AppDeps,
  unitId: string,
  baseUrl: string,
  context: ActorContext,
): Promise<ExportUrlDto> {
  const row = await context.transaction(async (tx) => {
    await requireCabin(tx, unitId);
    const existing = await findExportToken(tx, unitId);
    if (existing) return existing;
    await insertExportTokenIfMissing(tx, unitId, newToken());
    return findExportToken(tx, unitId);
  });
  if (!row || row.revoked_at) return { export_url: null };
  return { export_url: exportUrlOf(baseUrl, row.token) };
}

/** A new token: the old URL stops working at once (POST /api/units/:id/ical/rotate). */
export async function rotateExportToken(
  deps: AppDeps,
  unitId: string,
  baseUrl: string,
  context: ActorContext,
): Promise<ExportUrlDto> {
  const token = newToken();
  await context.transaction(async (tx) => {
    await requireCabin(tx, unitId);
    await replaceExportToken(tx, unitId, token);
  });
  return { export_url: exportUrlOf(baseUrl, token) };
}

/** Stops the export until it is rotated (DELETE /api/units/:id/ical). */
export async function revokeExportToken(
  deps: AppDeps,
  unitId: string,
  context: ActorContext,
): Promise<void> {
  await context.transaction(async (tx) => {
    await requireCabin(tx, unitId);
    await revokeExportTokenRow(tx, unitId, deps.clock.now());
  });
}

export type ExportCalendar = { body: string; etag: string };

/**
 * The calendar behind an export URL: one all-day event per live booking line and blackout of
 * the cabin, never the imported holds; no guest data crosses (issue 19 §1). A wrong or revoked
 * token is a 404.
 */
export async function renderExportCalendar(
  deps: AppDeps,
  tokenParam: string,
): Promise<ExportCalendar> {
  const token = tokenParam.replace(/\.ics$/i, '');
  if (!/^[A-Za-z0-9_-]{32,100}$/.test(token)) {
    throw notFound(CHANNEL_SERVICE_MESSAGES.feedNotFoundExport);
  }
  const rows = await findExportCalendar(deps.database, token, today(deps));
  if (rows.length === 0) throw notFound(CHANNEL_SERVICE_MESSAGES.feedNotFoundExport);
  const events: CalendarEvent[] = [];
  for (const row of rows) {
    if (row.kind === null) continue;
    events.push({
      // A line's id is stable while the booking line lives, whatever else changes.
      uid: `${row.kind}-${row.id}@resort-booking`,
      summary: row.kind === 'line' ? 'Reserved' : 'Not available',
      start: row.start!,
      end: row.end!,
      stamp: row.stamp!,
    });
  }
  const body = writeCalendar(rows[0]!.unit_name, events);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { body, etag };
}

// --- Feeds ---------------------------------------------------------------------------------

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

function toFeedDto(deps: AppDeps, row: FeedRow, logs: FeedLogRow[]): FeedDto {
  const since = row.last_success_at ?? row.created_at;
  return {
    feed_id: row.feed_id,
    unit_id: row.unit_id,
    name: row.name,
    url_masked: maskFeedUrl(row.url),
    channel: row.channel as FeedDto['channel'],
    last_synced_at: iso(row.last_synced_at),
    last_success_at: iso(row.last_success_at),
    last_error: row.last_error,
    event_count: row.event_count,
    next_run_at: row.next_run_at.toISOString(),
    is_failing:
      row.last_error !== null && deps.clock.now().getTime() - since.getTime() > FAILING_AFTER_MS,
    log: logs
      .filter((log) => log.feed_id === row.feed_id)
      .map((log) => ({
        level: log.level,
        message: log.message,
        created_at: log.created_at.toISOString(),
      })),
  };
}

async function feedDto(deps: AppDeps, feedId: string): Promise<FeedDto> {
  const row = await findFeed(deps.database.db, feedId);
  if (!row) throw notFound(CHANNEL_SERVICE_MESSAGES.feedNotFound);
  const logs = await listFeedLogs(deps.database.db, [feedId], LOG_LINES_PER_FEED);
  return toFeedDto(deps, row, logs);
}

export async function listUnitFeeds(deps: AppDeps, unitId: string): Promise<FeedDto[]> {
  if (!isRecordId(unitId)) throw notFound(CHANNEL_SERVICE_MESSAGES.unitNotFound);
  const rows = await listFeedsOfUnit(deps.database.db, unitId);
  const logs = await listFeedLogs(
    deps.database.db,
    rows.map((row) => row.feed_id),
    LOG_LINES_PER_FEED,
  );
  return rows.map((row) => toFeedDto(deps, row, logs));
}

export async function createFeed(
  deps: AppDeps,
  unitId: string,
  input: FeedCreate,
  context: ActorContext,
): Promise<FeedDto> {
  const row = await context.transaction(async (tx) => {
    await requireCabin(tx, unitId);
    return insertFeed(tx, {
      unit_id: unitId,
      name: input.name,
      url: input.url,
      channel: input.channel,
      next_run_at: deps.clock.now(),
      // By the app's clock, as every time a feed is judged by (is_failing counts from it).
      created_at: deps.clock.now(),
      created_by: context.actor.userId,
    });
  });
  return feedDto(deps, row.feed_id);
}

async function feedOfUnit(tx: AppTx, unitId: string, feedId: string): Promise<FeedRow> {
  const feed = isRecordId(unitId) && isRecordId(feedId) ? await findFeed(tx, feedId) : null;
  if (!feed || feed.unit_id !== unitId) throw notFound(CHANNEL_SERVICE_MESSAGES.feedNotFound);
  return feed;
}

export async function updateFeed(
  deps: AppDeps,
  unitId: string,
  feedId: string,
  input: FeedUpdate,
  context: ActorContext,
): Promise<FeedDto> {
  await context.transaction(async (tx) => {
    await feedOfUnit(tx, unitId, feedId);
    await updateFeedRow(tx, feedId, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.channel !== undefined ? { channel: input.channel } : {}),
      // A new address is downloaded at the next run, which is now.
      ...(input.url !== undefined ? { url: input.url, next_run_at: deps.clock.now() } : {}),
    });
  });
  return feedDto(deps, feedId);
}

/** Deleting a feed releases every night it held (the holds go with it). */
export async function deleteFeed(
  unitId: string,
  feedId: string,
  context: ActorContext,
): Promise<void> {
  await context.transaction(async (tx) => {
    await feedOfUnit(tx, unitId, feedId);
    await deleteFeedRow(tx, feedId);
  });
}

// --- Sync ----------------------------------------------------------------------------------

type SyncCounts = { added: number; moved: number; released: number; unchanged: number };

const overlaps = (a: { start_date: string; end_date: string }, b: FeedEvent) =>
  a.start_date < b.end_date && b.start_date < a.end_date;

/**
 * Keeps a feed's holds in step with its events, keyed by UID. An event whose UID changed between
 * downloads (Airbnb's moving "Not available" window) is matched to the hold with the same summary
 * and first night, or failing that the same summary over overlapping nights: one hold that
 * moves, never a second one.
 */
async function applyEvents(
  tx: AppTx,
  feed: FeedRow,
  events: FeedEvent[],
  warnings: string[],
): Promise<SyncCounts & { total: number }> {
  const holds = await listHoldsOfFeed(tx, feed.feed_id);
  const elsewhere = new Set(
    (
      await findHoldsWithUids(
        tx,
        events.map((event) => event.uid),
        feed.feed_id,
      )
    ).map((row) => row.uid),
  );
  const wanted = events.filter((event) => {
    if (!elsewhere.has(event.uid)) return true;
    warnings.push(`The event ${event.uid} is already imported by another feed; skipped.`);
    return false;
  });
  const counts: SyncCounts = { added: 0, moved: 0, released: 0, unchanged: 0 };
  const unmatched = new Map(holds.map((hold) => [hold.hold_id, hold]));
  const pairs: [FeedEvent, HoldRow | undefined][] = [];
  const byUid = new Map(holds.map((hold) => [hold.uid, hold]));
  const pending: FeedEvent[] = [];
  for (const event of wanted) {
    const hold = byUid.get(event.uid);
    if (hold) {
      unmatched.delete(hold.hold_id);
      pairs.push([event, hold]);
    } else {
      pending.push(event);
    }
  }
  const matchBy = (test: (hold: HoldRow, event: FeedEvent) => boolean) => {
    for (let i = 0; i < pending.length;) {
      const event = pending[i]!;
      const hold = [...unmatched.values()].find(
        (candidate) => candidate.summary === event.summary && test(candidate, event),
      );
      if (hold) {
        unmatched.delete(hold.hold_id);
        pairs.push([event, hold]);
        pending.splice(i, 1);
      } else {
        i += 1;
      }
    }
  };
  matchBy((hold, event) => hold.start_date === event.start_date);
  matchBy((hold, event) => overlaps(hold, event));

  // Released first, so nights an event moved onto are free of its old self.
  await deleteHoldRows(tx, [...unmatched.keys()]);
  counts.released = unmatched.size;
  // Each in one statement: a feed of thousands of events is two round trips, not thousands.
  const changes: Parameters<typeof updateHoldEvents>[1] = [];
  for (const [event, hold] of pairs) {
    if (
      hold &&
      hold.uid === event.uid &&
      hold.summary === event.summary &&
      hold.start_date === event.start_date &&
      hold.end_date === event.end_date
    ) {
      counts.unchanged += 1;
      continue;
    }
    changes.push({
      hold_id: hold!.hold_id,
      uid: event.uid,
      summary: event.summary,
      start_date: event.start_date,
      end_date: event.end_date,
    });
  }
  await updateHoldEvents(tx, changes);
  counts.moved = changes.length;
  await insertHolds(
    tx,
    pending.map((event) => ({
      feed_id: feed.feed_id,
      unit_id: feed.unit_id,
      uid: event.uid,
      summary: event.summary,
      start_date: event.start_date,
      end_date: event.end_date,
    })),
  );
  counts.added = pending.length;
  return { ...counts, total: pairs.length + pending.length };
}

type Transaction = <T>(fn: (tx: AppTx) => Promise<T>) => Promise<T>;

/**
 * Downloads one feed and applies it (POST /api/feeds/:id/sync, and syncDueFeeds). A failed
 * download (refused address, HTTP error, timeout, too large, not a calendar) changes no hold:
 * the feed keeps its nights and records the error; nothing is released on a failure.
 */
export async function syncFeed(
  deps: AppDeps,
  feedId: string,
  options: { context?: ActorContext; now?: Date } = {},
): Promise<FeedDto> {
  if (!isRecordId(feedId)) throw notFound(CHANNEL_SERVICE_MESSAGES.feedNotFound);
  const feed = await findFeed(deps.database.db, feedId);
  if (!feed) throw notFound(CHANNEL_SERVICE_MESSAGES.feedNotFound);
  const transaction: Transaction =
    options.context?.transaction ?? ((fn) => deps.database.db.transaction(fn));
  const now = options.now ?? deps.clock.now();
  // Read before the transaction: on the embedded database it holds the one connection.
  const [{ sync_minutes }, resort] = await Promise.all([
    deps.settings.getChannelSettings(),
    deps.settings.getGeneral(),
  ]);
  const nextRun = new Date(now.getTime() + sync_minutes * 60_000);
  const todayDate = todayInZone(deps.config.timezone, now);

  let parsed: ReturnType<typeof parseFeed>;
  try {
    const answer = await safeFetch(feed.url, {
      allowPrivate: deps.config.fetchAllowPrivate,
      timeoutMs: deps.config.feedFetchTimeoutMs,
      maxBytes: FEED_MAX_BYTES,
      maxRedirects: FEED_MAX_REDIRECTS,
    });
    if (answer.status !== 200) throw new FetchRefused(`The feed answered HTTP ${answer.status}.`);
    parsed = parseFeed(answer.body.toString('utf8'), {
      timeZone: deps.config.timezone,
      ignoreBefore: addDays(todayDate, -IGNORE_ENDED_DAYS),
    });
  } catch (error) {
    if (!(error instanceof FetchRefused) && !(error instanceof InvalidFeed)) throw error;
    await recordFailure(transaction, feed, error.message, now, nextRun);
    return feedDto(deps, feedId);
  }

  try {
    await transaction(async (tx) => {
      // The feed may have been deleted while it downloaded. Locked: the same feed synced at
      // once on two instances applies its events one after the other, never twice.
      const current = await lockFeed(tx, feedId);
      if (!current) return;
      const counts = await applyEvents(tx, current, parsed.events, parsed.warnings);
      await updateFeedRow(tx, feedId, {
        last_synced_at: now,
        last_success_at: now,
        last_error: null,
        event_count: counts.total,
        next_run_at: nextRun,
      });
      await insertFeedLog(tx, feedId, [
        {
          level: 'info',
          message: `Downloaded ${counts.total} event${counts.total === 1 ? '' : 's'}: ${counts.added} new, ${counts.moved} changed, ${counts.released} released, ${counts.unchanged} unchanged.`,
        },
        ...parsed.warnings.slice(0, 20).map((message) => ({ level: 'warning' as const, message })),
      ]);
      await notifyNewConflicts(deps, tx, feedId, resort);
    });
  } catch (error) {
    // A write the database refused (say, a UID taken by another feed at the same moment).
    const message = `The feed could not be saved (${(error as Error).message.slice(0, 200)}).`;
    await recordFailure(transaction, feed, message, now, nextRun);
  }
  return feedDto(deps, feedId);
}

async function recordFailure(
  transaction: Transaction,
  feed: FeedRow,
  message: string,
  now: Date,
  nextRun: Date,
): Promise<void> {
  await transaction(async (tx) => {
    if (!(await findFeed(tx, feed.feed_id))) return;
    await updateFeedRow(tx, feed.feed_id, {
      last_synced_at: now,
      last_error: message.slice(0, 500),
      next_run_at: nextRun,
    });
    await insertFeedLog(tx, feed.feed_id, [{ level: 'error', message }]);
  });
}

/**
 * Issue 19 §4: each new conflict of a feed is e-mailed once to the owners and managers, as a
 * send-mail job stored in the sync's transaction with the conflict itself. The hold remembers
 * which bookings it was mailed about, so the next sync of an unchanged feed (or Airbnb's window
 * moving a day over the same booking) sends nothing.
 */
async function notifyNewConflicts(
  deps: AppDeps,
  tx: AppTx,
  feedId: string,
  resort: GeneralSettings,
): Promise<void> {
  const conflicts = await listUnnotifiedConflicts(tx, feedId);
  if (conflicts.length === 0) return;
  const recipients = await listActiveUserEmails(tx, ['owner', 'manager']);
  const publicUrl = deps.config.publicUrl?.replace(/\/+$/, '');
  for (const conflict of conflicts) {
    if (recipients.length > 0) {
      const bookings = await findBookingsUnderHold(tx, conflict);
      const mail = channelConflictMail({
        resort,
        unitName: conflict.unit_name,
        channel: conflict.channel,
        feedName: conflict.feed_name,
        startDate: conflict.start_date,
        endDate: conflict.end_date,
        bookings: bookings.map((booking) => ({
          reference: booking.booking_reference,
          url: publicUrl ? `${publicUrl}/bookings/${booking.booking_id}` : undefined,
        })),
        dashboardUrl: publicUrl ? `${publicUrl}/dashboard` : undefined,
      });
      await deps.jobs.enqueue({ kind: SEND_MAIL_JOB, payload: { to: recipients, ...mail } }, tx);
    }
    await updateHoldRow(tx, conflict.hold_id, { conflict_notified_refs: conflict.conflict_refs });
  }
}

/**
 * Downloads every feed that is due at `now`: each every N minutes of Settings → Channel sync
 * (issue 19 §2; CHANNEL_SYNC_MINUTES when unset). The recurring sweep of the job queue (issue 18)
 * runs it every minute and it reads the setting each time, so a new interval applies from the
 * next sweep. A plain function; no timer of its own.
 */
export async function syncDueFeeds(
  deps: AppDeps,
  now: Date,
  limit = 50,
): Promise<{ synced: number; failed: number }> {
  const { sync_minutes } = await deps.settings.getChannelSettings();
  await deps.database.db.transaction((tx) => rescheduleFeeds(tx, sync_minutes, now));
  const ids = await listDueFeedIds(deps.database.db, now, limit);
  let failed = 0;
  for (const id of ids) {
    const feed = await syncFeed(deps, id, { now }).catch(() => null);
    if (!feed || feed.last_error) failed += 1;
  }
  return { synced: ids.length, failed };
}

// --- Conflicts -----------------------------------------------------------------------------

function toConflictDto(row: ConflictRow): ChannelConflictDto {
  return {
    hold_id: row.hold_id,
    unit_id: row.unit_id,
    unit_name: row.unit_name,
    feed_name: row.feed_name,
    channel: row.channel as ChannelConflictDto['channel'],
    summary: row.summary,
    start_date: row.start_date,
    end_date: row.end_date,
    booking_references: (row.conflict_refs ?? '').split(', ').filter(Boolean),
    resolved_at: iso(row.resolved_at),
    resolution: row.resolution as ChannelConflictDto['resolution'],
    resolution_note: row.resolution_note,
  };
}

/**
 * Open conflicts (GET /api/channel-conflicts), or all of them with `all`; with `booking_id`, only
 * those over that booking's nights (the booking page's alert). An id that is no record is none.
 */
export async function listChannelConflicts(
  deps: AppDeps,
  query: ConflictsQuery,
): Promise<ChannelConflictDto[]> {
  if (query.booking_id !== undefined && !isRecordId(query.booking_id)) return [];
  const rows = await listConflictRows(deps.database.db, {
    all: query.all === 'true',
    bookingId: query.booking_id,
  });
  return rows.map(toConflictDto);
}

/**
 * Feeds failing for more than 24 hours, every cabin's (GET /api/feeds/failing): the dashboard's
 * warning (issue 19 §4), the same rule as a feed's is_failing.
 */
export async function listFailingFeeds(deps: AppDeps): Promise<FailingFeedDto[]> {
  const before = new Date(deps.clock.now().getTime() - FAILING_AFTER_MS);
  const rows = await listFeedsFailingSince(deps.database.db, before);
  return rows.map((row) => ({
    feed_id: row.feed_id,
    unit_id: row.unit_id,
    unit_name: row.unit_name,
    name: row.name,
    channel: row.channel as FailingFeedDto['channel'],
    last_success_at: iso(row.last_success_at),
    last_error: row.last_error ?? '',
  }));
}

/** Staff record how a conflict was settled; audited by the hold's trigger (issue 19 §4). */
export async function resolveChannelConflict(
  deps: AppDeps,
  holdId: string,
  input: ConflictResolve,
  context: ActorContext,
): Promise<ChannelConflictDto> {
  if (!isRecordId(holdId)) throw notFound(CHANNEL_SERVICE_MESSAGES.conflictNotFound);
  await context.transaction(async (tx) => {
    const row = await findConflictRow(tx, holdId);
    if (!row || !row.conflict) throw notFound(CHANNEL_SERVICE_MESSAGES.conflictNotFound);
    if (row.resolved_at) throw conflict(CHANNEL_SERVICE_MESSAGES.alreadyResolved);
    await updateHoldRow(tx, holdId, {
      resolved_at: deps.clock.now(),
      resolution: input.resolution,
      resolution_note: input.note,
      resolved_by: context.actor.userId,
    });
  });
  const row = await findConflictRow(deps.database.db, holdId);
  return toConflictDto(row!);
}
