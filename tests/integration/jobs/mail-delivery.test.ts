import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB_DEFAULTS } from '../../../src/server/jobs/jobs.service';
import { SEND_MAIL_JOB } from '../../../src/server/mail/mail-delivery';
import { createMailer, type Mailer } from '../../../src/server/mail/mailer';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  confirmProof,
  createGuestBooking,
  guestBookingBody,
  makePng,
  pinClock,
  putFile,
} from '../guest-booking/guest-helpers';
import {
  advanceClock,
  jobRow,
  jobsOfKind,
  startSmtpServer,
  type TestSmtpServer,
} from './smtp-helpers';

/**
 * Issue 18 item 4: mail on the job queue, delivered to a real SMTP server in the test process:
 * content arrives; a 4xx is retried with backoff and then delivered; a 5xx fails the job with the
 * server's reply; a refused connection is retried; a send that happened but was never recorded is
 * not sent twice.
 */

const MAIL = {
  to: 'ana@example.ph',
  subject: 'Your stay at Playa Serena',
  text: 'Plain words for the guest.',
  html: '<p>Plain <b>words</b> for the guest.</p>',
  replyTo: 'reservations@playaserena.ph',
};

let smtp: TestSmtpServer;
let t: TestApp;
let realTransport: Mailer;
let day = 0;

/** Only the mail jobs of these tests run: the recurring tasks are set aside. */
async function setRecurringTasksAside(app: TestApp) {
  await app.database.query(
    `UPDATE jobs SET status = 'cancelled' WHERE unique_key LIKE 'recurring:%' AND status = 'queued'`,
  );
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  realTransport = t.app.deps.mailTransport;
  await setRecurringTasksAside(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  t.app.deps.mailTransport = realTransport;
  // A day of its own for each test, so "the newest job" is this test's.
  day += 1;
  pinClock(t, new Date(Date.UTC(2027, 0, day, 2)).toISOString());
});

/** The send-mail job made by the last sendMail. */
async function lastMailJob() {
  const [job] = await jobsOfKind(t, SEND_MAIL_JOB);
  return job!;
}

describe(`mail through the job queue over SMTP (${process.env.TEST_DB})`, () => {
  it('delivers the content with a Message-ID taken from its job', async () => {
    expect(t.app.deps.mailer.transport).toBe('smtp');
    const sent = await t.app.deps.mailer.sendMail(MAIL);
    const job = await lastMailJob();
    expect(job).toMatchObject({ status: 'done', attempts: 1, last_error: null });
    expect(sent.messageId).toBe(`<job-${job.job_id}@playaserena.ph>`);

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.messageId).toBe(sent.messageId);
    expect(mail.subject).toBe(MAIL.subject);
    expect(mail.text?.trim()).toBe(MAIL.text);
    expect(mail.html).toContain('<b>words</b>');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(MAIL.to);
    expect(mail.replyTo?.text).toBe(MAIL.replyTo);
    expect(mail.from?.text).toContain('reservations@playaserena.ph');
  });

  it("sends a guest booking's e-mails through the queue when its proof arrives", async () => {
    const cabin = await createUnit(t.database, { unit_name: 'Queue Cabin' });
    const created = await createGuestBooking(
      t,
      guestBookingBody(cabin.unit_id, { check_in: '2027-02-01', check_out: '2027-02-03' }),
    );
    expect((await putFile(t, created.upload, await makePng(), 'image/png')).statusCode).toBe(200);
    expect((await confirmProof(t, created)).statusCode).toBe(200);

    const reference = created.booking.booking_reference;
    const mails = smtp.received.filter((mail) => mail.subject?.includes(reference));
    expect(mails).toHaveLength(2);
    // Issue 18: the guest's "booking received" is a guest message with its own job; the
    // resort's notice of the proof stays a send-mail job.
    const [message] = await t.database.query<{
      message_id: string;
      status: string;
      job_status: string;
    }>(
      `SELECT m.message_id, m.status, j.status AS job_status
         FROM guest_messages m JOIN jobs j ON j.job_id = m.job_id
        WHERE m.booking_id = $1 AND m.kind = 'booking_received'`,
      [created.booking.booking_id],
    );
    expect(message).toMatchObject({ status: 'sent', job_status: 'done' });
    const jobs = await t.database.query<{ job_id: string; status: string }>(
      `SELECT job_id, status FROM jobs WHERE kind = $1 AND payload->>'subject' LIKE $2`,
      [SEND_MAIL_JOB, `%${reference}%`],
    );
    expect(jobs.map((job) => job.status)).toEqual(['done']);
    expect(new Set(mails.map((mail) => mail.messageId))).toEqual(
      new Set([
        `<msg-${message!.message_id}@playaserena.ph>`,
        `<job-${jobs[0]!.job_id}@playaserena.ph>`,
      ]),
    );
  });

  it('retries a 4xx reply with backoff, not before its time, and then delivers', async () => {
    smtp.replyNext({ code: 451, message: 'Greylisted, try again later' });
    await expect(t.app.deps.mailer.sendMail(MAIL)).rejects.toThrow(/queued for another attempt/);
    const job = await lastMailJob();
    expect(job).toMatchObject({ status: 'queued', attempts: 1, checkpoint: null });
    expect(job.last_error).toContain('451');
    expect(job.last_error).toContain('Greylisted, try again later');
    const now = t.app.deps.clock.now().getTime();
    expect(job.run_at.getTime()).toBe(now + JOB_DEFAULTS.backoffBaseMs);
    expect(smtp.received).toHaveLength(0);

    // One second early: nothing runs.
    advanceClock(t, JOB_DEFAULTS.backoffBaseMs - 1000);
    expect(await t.app.deps.jobs.runDueJobs()).toEqual([]);
    expect(smtp.received).toHaveLength(0);

    advanceClock(t, 1000);
    const ended = await t.app.deps.jobs.runDueJobs();
    expect(ended.map((row) => [row.job_id, row.status])).toEqual([[job.job_id, 'done']]);
    expect(await jobRow(t, job.job_id)).toMatchObject({ attempts: 2, last_error: null });
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([
      `<job-${job.job_id}@playaserena.ph>`,
    ]);
  });

  it("fails the job on a 5xx reply with the server's words, and sends nothing more", async () => {
    smtp.replyNext({ code: 550, message: 'Mailbox unavailable: no such user' });
    await expect(t.app.deps.mailer.sendMail(MAIL)).rejects.toThrow(/could not be delivered/);
    const job = await lastMailJob();
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job.last_error).toMatch(/^550 .*Mailbox unavailable: no such user/);

    advanceClock(t, 24 * 3_600_000);
    expect(await t.app.deps.jobs.runDueJobs({ jobIds: [job.job_id] })).toEqual([]);
    expect(smtp.received).toHaveLength(0);
  });

  it('retries when the SMTP server refuses the connection', async () => {
    t.app.deps.mailTransport = createMailer({ ...t.config, smtpUrl: 'smtp://127.0.0.1:1' });
    await expect(t.app.deps.mailer.sendMail(MAIL)).rejects.toThrow(/queued for another attempt/);
    const job = await lastMailJob();
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job.last_error).toMatch(/ECONNREFUSED|connect/i);

    t.app.deps.mailTransport = realTransport;
    advanceClock(t, JOB_DEFAULTS.backoffBaseMs);
    await t.app.deps.jobs.runDueJobs();
    expect((await jobRow(t, job.job_id)).status).toBe('done');
    expect(smtp.received).toHaveLength(1);
  });

  it('does not send twice when the worker died between the send and its record', async () => {
    // The "process" hands the message to the server and dies before it can record anything.
    t.app.deps.mailTransport = {
      ...realTransport,
      async sendMail(message) {
        await realTransport.sendMail(message);
        return new Promise(() => undefined);
      },
    };
    const job = await t.app.deps.jobs.enqueue({ kind: SEND_MAIL_JOB, payload: MAIL });
    void t.app.deps.jobs.runDueJobs({ jobIds: [job.job_id] });
    await expect.poll(() => smtp.received.length).toBe(1);
    expect(await jobRow(t, job.job_id)).toMatchObject({ status: 'running', checkpoint: 'sending' });

    // A new process: the claim is held until its lease passes, then the job is taken again.
    t.app.deps.mailTransport = realTransport;
    expect(await t.app.deps.jobs.runDueJobs()).toEqual([]);
    advanceClock(t, JOB_DEFAULTS.leaseMs);
    await t.app.deps.jobs.runDueJobs();
    const after = await jobRow(t, job.job_id);
    expect(after).toMatchObject({ status: 'failed', attempts: 2 });
    expect(after.last_error).toContain('Delivery uncertain');
    expect(after.last_error).toContain(`<job-${job.job_id}@playaserena.ph>`);
    expect(smtp.received).toHaveLength(1);

    // An administrator who finds it was not delivered sends it again, with the same Message-ID.
    const retried = await t.app.deps.jobs.retry(job.job_id);
    expect(retried.status).toBe('queued');
    await t.app.deps.jobs.runDueJobs();
    expect((await jobRow(t, job.job_id)).status).toBe('done');
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([
      `<job-${job.job_id}@playaserena.ph>`,
      `<job-${job.job_id}@playaserena.ph>`,
    ]);
  });
});

describe(`mail through the job queue to the outbox (${process.env.TEST_DB})`, () => {
  let outboxApp: TestApp;
  beforeAll(async () => {
    outboxApp = await createTestApp();
    await setRecurringTasksAside(outboxApp);
    pinClock(outboxApp, '2027-01-04T02:00:00Z');
  });
  afterAll(() => outboxApp.close());

  const outboxFiles = () => {
    try {
      return readdirSync(path.join(outboxApp.dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
    } catch {
      return [];
    }
  };

  it('records a mail written before the crash as sent, without writing it again', async () => {
    const { deps } = outboxApp.app;
    const real = deps.mailTransport;
    deps.mailTransport = {
      ...real,
      async sendMail(message) {
        await real.sendMail(message);
        return new Promise(() => undefined);
      },
    };
    const job = await deps.jobs.enqueue({ kind: SEND_MAIL_JOB, payload: MAIL });
    void deps.jobs.runDueJobs({ jobIds: [job.job_id] });
    await expect.poll(() => outboxFiles().length).toBe(1);

    deps.mailTransport = real;
    advanceClock(outboxApp, JOB_DEFAULTS.leaseMs);
    await deps.jobs.runDueJobs();
    expect(await jobRow(outboxApp, job.job_id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(outboxFiles()).toHaveLength(1);
  });
});
