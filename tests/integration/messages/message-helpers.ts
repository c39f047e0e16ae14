import { expect } from 'vitest';
import { JOB_DEFAULTS } from '../../../src/server/jobs/jobs.service';
import type { SignedIn } from '../../support/auth';
import type { TestApp } from '../../support/test-app';
import { pinClock } from '../guest-booking/guest-helpers';
import { advanceClock } from '../jobs/smtp-helpers';

/**
 * Shared steps of the guest-message tests (issue 18): a staff booking ten days ahead of the app's
 * today, its messages as the booking page lists them, confirming it, moving the clock while
 * the worker runs every job that is due, and a worker that dies in the middle of a send.
 */

export type MessageJson = {
  message_id: string;
  kind: string;
  status: string;
  scheduled_at: string;
  sent_at: string | null;
  error: string | null;
  subject: string | null;
  is_resend: boolean;
};

export const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const byKind = (rows: MessageJson[], kind: string) =>
  rows.filter((row) => row.kind === kind);

/** The steps, on the app, staff session and cabin that `context` answers when called. */
export function messageSteps(context: () => { t: TestApp; staff: SignedIn; unitId: string }) {
  const today = () => context().t.app.deps.clock.now().toISOString().slice(0, 10);

  return {
    /** A two-night booking of the cabin, ten days after today, as staff make one, and its mail. */
    async book(email: string) {
      const { staff, unitId } = context();
      const checkIn = plusDays(today(), 10);
      const response = await staff.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: {
          unit_id: unitId,
          guest_name: 'Ana Reyes',
          contact_number: '0917 123 4567',
          email,
          num_guests: 2,
          check_in: checkIn,
          check_out: plusDays(checkIn, 2),
          payment_method: 'GCash',
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      // Issue 24: "booking received" leaves after the answer; the steps go on once it has.
      await context().t.app.deps.jobs.settled();
      const { data } = response.json() as { data: { booking_id: string; check_in: string } };
      return data;
    },

    async messagesOf(bookingId: string): Promise<MessageJson[]> {
      const response = await context().staff.inject({
        method: 'GET',
        url: `/api/bookings/${bookingId}/messages`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: MessageJson[] }).data;
    },

    /** Moves the clock to `iso` and runs every job due by then. */
    async runUntil(iso: string) {
      const { t } = context();
      pinClock(t, iso);
      for (;;) {
        const ran = await t.app.deps.jobs.runDueJobs({ limit: 50 });
        if (ran.length === 0) return;
      }
    },

    /** Confirms the booking without a payment (the manager's override). */
    async confirm(bookingId: string) {
      const response = await context().staff.inject({
        method: 'POST',
        url: `/api/bookings/${bookingId}/status`,
        payload: { status: 'Confirmed', override_reason: 'Paying at arrival, agreed by phone' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Record<string, unknown>;
    },

    /**
     * The worker dies right after handing the message to the transport: the message stays
     * `sending` and its job holds the checkpoint. Resolves once the transport has it, with the
     * real transport back in place and the clock past the job's lease, so the next run claims
     * the job again (as a new process would); answers the job's id.
     */
    async dieAfterSending(message: { message_id: string; scheduled_at: string }) {
      const { t } = context();
      const real = t.app.deps.mailTransport;
      let handedOver = false;
      t.app.deps.mailTransport = {
        ...real,
        async sendMail(mail) {
          await real.sendMail(mail);
          handedOver = true;
          return new Promise(() => undefined);
        },
      };
      const [job] = await t.database.query<{ job_id: string }>(
        `SELECT job_id FROM jobs WHERE unique_key = $1 AND status = 'queued'`,
        [`message:${message.message_id}`],
      );
      pinClock(t, message.scheduled_at);
      void t.app.deps.jobs.runDueJobs({ jobIds: [job!.job_id] });
      await expect.poll(() => handedOver).toBe(true);
      t.app.deps.mailTransport = real;
      advanceClock(t, JOB_DEFAULTS.leaseMs);
      return job!.job_id;
    },
  };
}
