import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { pinClock } from '../guest-booking/guest-helpers';
import { byKind, messageSteps, plusDays } from './message-helpers';

/**
 * Issue 18 item 4 on a fresh install (no SMTP_URL): a guest's messages are written to the outbox
 * folder, each scheduled one at its time and exactly once, however often the worker runs; and a
 * worker that dies after writing the file leaves one file, recorded as sent by the next attempt
 * (the outbox can tell that the message arrived).
 */

let t: TestApp;
let manager: SignedIn;
let unitId: string;
let day = 0;

beforeAll(async () => {
  t = await createTestApp();
  expect(t.config.smtpUrl).toBeFalsy();
  expect(t.app.deps.mailTransport.transport).toBe('outbox');
  await t.database.query(
    `UPDATE jobs SET status = 'cancelled' WHERE unique_key LIKE 'recurring:%' AND status = 'queued'`,
  );
  manager = await signInAs(t, 'manager');
  unitId = (await createUnit(t.database, { unit_name: 'Nipa Cabin' })).unit_id;
});
afterAll(() => t.close());
beforeEach(() => {
  day += 1;
  pinClock(t, new Date(Date.UTC(2027, day, 1, 2)).toISOString());
});

const { book, messagesOf, runUntil, confirm, dieAfterSending } = messageSteps(() => ({
  t,
  staff: manager,
  unitId,
}));

/** Every message in the outbox folder, parsed. */
async function outbox(): Promise<ParsedMail[]> {
  const dir = path.join(t.dataDir, 'outbox');
  const files = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  return Promise.all(files.map(async (name) => simpleParser(await readFile(path.join(dir, name)))));
}

const withMessageId = async (messageId: string) =>
  (await outbox()).filter((mail) => mail.messageId === `<msg-${messageId}@playaserena.ph>`);

describe(`guest messages through the outbox folder (${process.env.TEST_DB})`, () => {
  it('writes a scheduled message to the outbox at its time, exactly once', async () => {
    const booking = await book('ana.outbox@example.ph');
    await confirm(booking.booking_id);
    const pre = byKind(await messagesOf(booking.booking_id), 'pre_arrival')[0]!;
    expect(pre.status).toBe('scheduled');

    await runUntil(`${plusDays(booking.check_in, -3)}T00:59:00.000Z`);
    expect(await withMessageId(pre.message_id)).toHaveLength(0);
    await runUntil(pre.scheduled_at);
    const [mail, ...more] = await withMessageId(pre.message_id);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(/^See you on /);
    expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toBe('ana.outbox@example.ph');
    expect(mail!.text).toContain('Ana Reyes');
    expect(mail!.html).toContain('Ana Reyes');
    const sent = byKind(await messagesOf(booking.booking_id), 'pre_arrival')[0]!;
    expect(sent).toMatchObject({ status: 'sent', error: null, sent_at: pre.scheduled_at });

    // Later polls and a "Send now" leave it as it is: one file.
    await runUntil(`${plusDays(booking.check_in, -1)}T01:00:00.000Z`);
    const sendNow = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${booking.booking_id}/messages/${pre.message_id}/send`,
    });
    expect(sendNow.statusCode).toBe(409);
    expect(await withMessageId(pre.message_id)).toHaveLength(1);
  });

  it('records a message as sent when the worker died after writing it, without a second file', async () => {
    const booking = await book('ana.outbox.crash@example.ph');
    await confirm(booking.booking_id);
    const pre = byKind(await messagesOf(booking.booking_id), 'pre_arrival')[0]!;
    // The process dies once the file is written, before the outcome is recorded.
    const jobId = await dieAfterSending(pre);
    expect(await withMessageId(pre.message_id)).toHaveLength(1);
    expect(byKind(await messagesOf(booking.booking_id), 'pre_arrival')[0]!.status).toBe('sending');

    // A new process claims the job again: the file is there, so the message was sent.
    await t.app.deps.jobs.runDueJobs({ jobIds: [jobId] });
    expect(byKind(await messagesOf(booking.booking_id), 'pre_arrival')[0]).toMatchObject({
      status: 'sent',
      error: null,
    });
    expect(await withMessageId(pre.message_id)).toHaveLength(1);
  });
});
