import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { purgeExpiredChallenges } from '../captcha/captcha.service';
import { expireOverdueGuestBookings } from '../guest-booking/guest-booking.service';
import { purgeExpiredIdempotencyKeys } from '../idempotency/idempotency.repository';
import { purgeEndedRateLimitWindows } from '../http/rate-limit.repository';
import { purgeExpiredUploadTokens } from '../storage/used-upload-tokens.repository';
import type { JobsService } from './jobs.service';

/**
 * DESIGN §3 "guest bookings without a proof": a guest booking whose payment proof has not arrived
 * by its proof_deadline (created + proof_timeout_hours, default 2) is cancelled, so an abandoned
 * form does not hold dates. Cancelling the booking frees its nights: a trigger copies the status
 * to its lines and the exclusion constraint ignores cancelled lines.
 */

export type ExpiredBooking = { booking_id: string; booking_reference: string };

export function expiryReason(hours: number): string {
  return `Payment proof not received within ${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * Cancels every overdue guest booking in one transaction with a single UPDATE … WHERE: with
 * several app instances, each row is updated once (the row lock makes a concurrent run re-check
 * the WHERE and skip it), and a confirm that locked the booking first wins.
 */
export async function expireUnpaidGuestBookings(
  database: Database,
  now: Date,
  proofTimeoutHours = 2,
): Promise<ExpiredBooking[]> {
  return database.db.transaction((tx) =>
    expireOverdueGuestBookings(tx, now, expiryReason(proofTimeoutHours)),
  );
}

export const RECURRING_TASKS = {
  /** DESIGN §3: every minute, so an abandoned form holds its dates about as long as promised. */
  expireGuestBookings: { kind: 'expire-unpaid-guest-bookings', everySeconds: 60 },
  /**
   * Spent upload tokens, bot challenges, idempotency answers, ended rate-limit windows and old
   * finished jobs.
   */
  purgeExpiredRecords: { kind: 'purge-expired-records', everySeconds: 15 * 60 },
  /**
   * Issue 19: a sweep every minute downloads the channel feeds whose own next run is due (each
   * feed every CHANNEL_SYNC_MINUTES); app.ts registers its handler, which needs every service.
   */
  syncChannelFeeds: { kind: 'sync-channel-feeds', everySeconds: 60 },
} as const;

/**
 * DESIGN §8 "background work": the proof expiry and the purges are recurring jobs on the queue
 * (they ran on a setInterval in every process before issue 18). Each run is a sweep that is safe
 * to repeat, and the queue runs one occurrence at a time across instances.
 */
export function registerRecurringTasks(deps: {
  jobs: JobsService;
  database: Database;
  clock: Clock;
  getProofTimeoutHours: () => Promise<number>;
  log: FastifyBaseLogger;
}): void {
  const { jobs } = deps;
  jobs.register(RECURRING_TASKS.expireGuestBookings.kind, async () => {
    const hours = await deps.getProofTimeoutHours();
    const expired = await expireUnpaidGuestBookings(deps.database, deps.clock.now(), hours);
    if (expired.length > 0) {
      deps.log.info(
        { bookings: expired.map((b) => b.booking_reference) },
        'cancelled guest bookings whose payment proof did not arrive',
      );
    }
  });
  jobs.register(RECURRING_TASKS.purgeExpiredRecords.kind, async () => {
    const now = deps.clock.now();
    await purgeExpiredUploadTokens(deps.database.db, now);
    await purgeExpiredChallenges(deps.database.db, now);
    await purgeExpiredIdempotencyKeys(deps.database, now);
    await purgeEndedRateLimitWindows(deps.database);
    await jobs.purgeFinished(now);
  });
}

/** Stores the first occurrence of each recurring task unless one is already waiting. */
export async function scheduleRecurringTasks(jobs: JobsService): Promise<void> {
  for (const task of Object.values(RECURRING_TASKS)) {
    await jobs.scheduleRecurring(task.kind, task.everySeconds);
  }
}
