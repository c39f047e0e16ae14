import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { cancelBookingsPastProofDeadline } from '../bookings/booking-records.service';
import { refreshGuestTotals } from '../guests/guests.repository';
import { purgeExpiredChallenges } from '../captcha/used-challenges.repository';
import { purgeExpiredIdempotencyKeys } from '../idempotency/idempotency.repository';
import { purgeExpiredUploadTokens } from '../storage/used-upload-tokens.repository';

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
  return database.db.transaction(async (tx) => {
    const cancelled = await cancelBookingsPastProofDeadline(
      tx,
      now,
      expiryReason(proofTimeoutHours),
    );
    const guestIds = new Set(cancelled.map((row) => row.guest_id).filter((id) => id !== null));
    for (const guestId of guestIds) await refreshGuestTotals(tx, guestId);
    return cancelled.map(({ booking_id, booking_reference }) => ({
      booking_id,
      booking_reference,
    }));
  });
}

export type JobScheduler = { stop(): Promise<void> };

/**
 * Runs the expiry (and the purge of spent upload tokens and challenges) every minute. The timer
 * is unref'd so it never keeps the process alive; runs never overlap; `stop()` waits for a run
 * in progress, so the database is not closed under it.
 */
export function startGuestBookingJobs(deps: {
  database: Database;
  clock: Clock;
  getProofTimeoutHours: () => Promise<number>;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): JobScheduler {
  let running: Promise<void> | null = null;
  let stopped = false;

  const runOnce = async () => {
    const now = deps.clock.now();
    const hours = await deps.getProofTimeoutHours();
    const expired = await expireUnpaidGuestBookings(deps.database, now, hours);
    if (expired.length > 0) {
      deps.log.info(
        { bookings: expired.map((b) => b.booking_reference) },
        'cancelled guest bookings whose payment proof did not arrive',
      );
    }
    await purgeExpiredUploadTokens(deps.database.db, now);
    await purgeExpiredChallenges(deps.database.db, now);
    await purgeExpiredIdempotencyKeys(deps.database, now);
  };

  const timer = setInterval(() => {
    if (stopped || running) return;
    running = runOnce()
      .catch((error: unknown) => deps.log.error({ err: error }, 'guest booking job failed'))
      .finally(() => {
        running = null;
      });
  }, deps.intervalMs ?? 60_000);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
