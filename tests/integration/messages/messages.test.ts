import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer } from '../../../src/server/mail/mailer';
import { unsubscribeToken } from '../../../src/server/messages/messages.service';
import { signInAs, type SignedIn } from '../../support/auth';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { pinClock } from '../guest-booking/guest-helpers';
import { startSmtpServer, type TestSmtpServer } from '../jobs/smtp-helpers';
import { byKind, messageSteps, plusDays, type MessageJson } from './message-helpers';

/**
 * Issue 18 items 2–5 against a real SMTP server in the test process: a booking's messages are
 * scheduled with it, leave at their time exactly once as the app's clock moves, follow its dates,
 * stop with a cancellation; the confirmation carries an .ics that ical.js reads; a 5xx fails the
 * message with the server's words and a 4xx is retried; a crash between send and record sends
 * nothing twice.
 */

type Json = Record<string, unknown>;

let smtp: TestSmtpServer;
let t: TestApp;
let owner: SignedIn;
let manager: SignedIn;
let unitId: string;
let realTransport: Mailer;
let day = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://resort.example.ph' },
  });
  realTransport = t.app.deps.mailTransport;
  await t.database.query(
    `UPDATE jobs SET status = 'cancelled' WHERE unique_key LIKE 'recurring:%' AND status = 'queued'`,
  );
  [owner, manager] = await Promise.all([signInAs(t, 'owner'), signInAs(t, 'manager')]);
  unitId = (await createUnit(t.database, { unit_name: 'Coral Cabin', max_occupancy: 6 })).unit_id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  t.app.deps.mailTransport = realTransport;
  // Each test books its own month, ten days ahead of its own "today" (02:00 UTC = 10:00 Manila).
  day += 1;
  pinClock(t, new Date(Date.UTC(2027, day, 1, 2)).toISOString());
});

const to = (mail: (typeof smtp.received)[number]) =>
  mail.to && 'text' in mail.to ? mail.to.text : '';
/** What reached one guest (the other tests' bookings have messages of their own). */
const mailsTo = (email: string) => smtp.received.filter((mail) => to(mail) === email);
const headerLine = (mail: (typeof smtp.received)[number], name: string) =>
  mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');

const { book, messagesOf, runUntil, confirm, dieAfterSending } = messageSteps(() => ({
  t,
  staff: manager,
  unitId,
}));

describe(`guest messages (${process.env.TEST_DB})`, () => {
  it('schedules a new booking’s messages and sends each at its time, exactly once', async () => {
    const booking = await book('ana.schedule@example.ph');
    // Booking received left once the request had answered (book waits for it).
    expect(smtp.received.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Booking received: /),
    ]);
    const listed = await messagesOf(booking.booking_id);
    expect(listed.map((row) => [row.kind, row.status])).toEqual([
      ['booking_received', 'sent'],
      ['balance_reminder', 'scheduled'],
      ['pre_arrival', 'scheduled'],
      ['overdue_notice', 'scheduled'],
      ['post_stay', 'scheduled'],
    ]);
    // 09:00 Manila (01:00 UTC) three days before check-in (the balance is due at check-in).
    const checkIn = booking.check_in;
    expect(byKind(listed, 'pre_arrival')[0]!.scheduled_at).toBe(
      `${plusDays(checkIn, -3)}T01:00:00.000Z`,
    );
    expect(byKind(listed, 'post_stay')[0]!.scheduled_at).toBe(
      `${plusDays(checkIn, 3)}T02:00:00.000Z`,
    );

    await confirm(booking.booking_id);
    const confirmation = smtp.received.at(-1)!;
    expect(confirmation.subject).toMatch(/^Booking confirmed: /);
    expect(confirmation.text).toContain('Coral Cabin');
    expect(confirmation.html).toContain('Coral Cabin');
    // The stay as an invitation: all-day dates, DTEND the check-out day.
    const ics = confirmation.attachments.find((part) => part.contentType.includes('calendar'));
    expect(ics).toBeDefined();
    const calendar = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8')));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe(checkIn);
    expect(event.endDate.toString()).toBe(plusDays(checkIn, 2));
    expect(event.uid).toBe(`booking-${booking.booking_id}@playaserena.ph`);

    // One minute before the reminders nothing goes; at their time each goes once.
    smtp.received.length = 0;
    const guest = () => mailsTo('ana.schedule@example.ph');
    await runUntil(`${plusDays(checkIn, -3)}T00:59:00.000Z`);
    expect(guest()).toHaveLength(0);
    await runUntil(`${plusDays(checkIn, -3)}T01:00:00.000Z`);
    expect(
      guest()
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual([expect.stringMatching(/^Balance due on /), expect.stringMatching(/^See you on /)]);
    expect(guest().every((mail) => mail.text && mail.html)).toBe(true);
    // Nothing is sent twice, however often the worker polls later.
    await runUntil(`${plusDays(checkIn, -2)}T01:00:00.000Z`);
    expect(guest()).toHaveLength(2);

    // The day after the balance was due: still owed, not checked in → overdue notice.
    await runUntil(`${plusDays(checkIn, 1)}T01:00:00.000Z`);
    expect(guest().at(-1)!.subject).toMatch(/^Balance overdue/);
    // The post-stay thank-you: the stay did not happen (never checked out) → skipped.
    await runUntil(`${plusDays(checkIn, 3)}T02:00:00.000Z`);
    const after = await messagesOf(booking.booking_id);
    expect(byKind(after, 'post_stay')[0]).toMatchObject({
      status: 'skipped',
      error: 'The stay did not happen (not checked out).',
    });
    expect(guest()).toHaveLength(3);
    expect(after.filter((row) => row.status === 'sent')).toHaveLength(5);
  });

  it('writes each new message once, with its job, and the booking’s report nights from the finished rows', async () => {
    // Issue 24 round three: create_booking draws the message and job ids first, so a message is
    // one INSERT (one audit entry) that already names its job; the report nights, rebuilt once at
    // the end of the statement, are there for every night of the stay.
    const booking = await book('ana.once@example.ph');
    const rows = await t.database.query<{
      message_id: string;
      job_id: string | null;
      job_key: string | null;
      job_message: string | null;
      audits: number;
      updates: number;
    }>(
      `SELECT m.message_id, m.job_id, j.unique_key AS job_key, j.payload ->> 'message_id' AS job_message,
              (SELECT count(*)::int FROM audit_logs a
                WHERE a.table_name = 'guest_messages' AND a.record_id = m.message_id::text
                  AND a.action = 'INSERT') AS audits,
              (SELECT count(*)::int FROM audit_logs a
                WHERE a.table_name = 'guest_messages' AND a.record_id = m.message_id::text
                  AND a.action = 'UPDATE' AND a.old_data ->> 'job_id' IS NULL
                  AND a.new_data ->> 'job_id' IS NOT NULL) AS updates
         FROM guest_messages m LEFT JOIN jobs j ON j.job_id = m.job_id
        WHERE m.booking_id = $1`,
      [booking.booking_id],
    );
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.job_id).not.toBeNull();
      expect(row.job_key).toBe(`message:${row.message_id}`);
      expect(row.job_message).toBe(row.message_id);
      expect(row.audits).toBe(1);
      expect(row.updates).toBe(0);
    }
    const [nights] = await t.database.query<{ kept: number; nights: number }>(
      `SELECT (SELECT count(*)::int FROM report_nights WHERE booking_id = $1) AS kept,
              (SELECT sum(check_out - check_in)::int FROM booking_units WHERE booking_id = $1) AS nights`,
      [booking.booking_id],
    );
    expect(nights!.kept).toBe(nights!.nights);
    expect(nights!.kept).toBeGreaterThan(0);
  });

  it('uses an edited pre-arrival template, previews it and sends a test to the owner', async () => {
    const patch = await owner.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: {
        messages: {
          arrival_info: 'The boat leaves Sabang pier at 13:00.',
          kinds: {
            pre_arrival: {
              subject: 'Your boat to {{resort_name}}, {{guest_name}}',
              body: 'Hello {{guest_name}} <b>!</b>\n\n{{arrival_info}}',
            },
          },
        },
      },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const unknown = await owner.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: { messages: { kinds: { pre_arrival: { body: 'Hi {{guest_nam}}' } } } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('{{guest_nam}}');

    const booking = await book('ana.template@example.ph');
    const preview = await owner.inject({
      method: 'POST',
      url: '/api/messages/preview',
      payload: {
        kind: 'pre_arrival',
        subject: 'Boat for {{guest_name}}',
        body: 'Dear {{guest_name}}, see you on {{check_in}}.',
        booking_id: booking.booking_id,
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const rendered = (preview.json() as { data: { subject: string; text: string; html: string } })
      .data;
    expect(rendered.subject).toBe('Boat for Ana Reyes');
    expect(rendered.text).toContain('Dear Ana Reyes, see you on');

    const test = await owner.inject({
      method: 'POST',
      url: '/api/messages/test',
      payload: { kind: 'pre_arrival', subject: 'Test {{resort_name}}', body: 'Hi {{guest_name}}' },
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toEqual({ data: { sent_to: owner.user.email } });
    expect(to(smtp.received.at(-1)!)).toBe(owner.user.email);

    await confirm(booking.booking_id);
    smtp.received.length = 0;
    await runUntil(`${plusDays(booking.check_in, -3)}T01:00:00.000Z`);
    const mail = smtp.received.find((item) => item.subject?.startsWith('Your boat'))!;
    expect(mail.subject).toBe('Your boat to Playa Serena Beach Resort, Ana Reyes');
    expect(mail.text).toContain('The boat leaves Sabang pier at 13:00.');
    // The owner's text is plain: markup in it is shown, escaped, in the HTML part.
    expect(mail.html).toContain('&lt;b&gt;!&lt;/b&gt;');
  });

  it('moves the reminders with the dates, and a cancellation drops them but tells the guest', async () => {
    const booking = await book('ana.moves@example.ph');
    const newCheckIn = plusDays(booking.check_in, 5);
    const moved = await manager.inject({
      method: 'PATCH',
      url: `/api/bookings/${booking.booking_id}`,
      payload: { check_in: newCheckIn, check_out: plusDays(newCheckIn, 2) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const listed = await messagesOf(booking.booking_id);
    expect(byKind(listed, 'pre_arrival')[0]!.scheduled_at).toBe(
      `${plusDays(newCheckIn, -3)}T01:00:00.000Z`,
    );
    const jobs = await t.database.query<{ run_at: Date }>(
      `SELECT run_at FROM jobs WHERE unique_key = $1 AND status = 'queued'`,
      [`message:${byKind(listed, 'pre_arrival')[0]!.message_id}`],
    );
    expect(jobs.map((job) => job.run_at.toISOString())).toEqual([
      `${plusDays(newCheckIn, -3)}T01:00:00.000Z`,
    ]);

    smtp.received.length = 0;
    const cancelled = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${booking.booking_id}/cancel`,
      payload: { reason: 'Guest changed plans' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as Json).cancellation_email_sent).toBe(true);
    expect(smtp.received.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Booking cancelled: /),
    ]);
    expect(smtp.received[0]!.text).toContain('Refund: ₱0.00');
    const after = await messagesOf(booking.booking_id);
    expect(
      after.filter((row) => row.kind !== 'booking_received').map((row) => [row.kind, row.status]),
    ).toEqual(
      expect.arrayContaining([
        ['cancellation', 'sent'],
        ['balance_reminder', 'cancelled'],
        ['pre_arrival', 'cancelled'],
        ['overdue_notice', 'cancelled'],
        ['post_stay', 'cancelled'],
      ]),
    );
    await runUntil(`${plusDays(newCheckIn, 5)}T05:00:00.000Z`);
    expect(mailsTo('ana.moves@example.ph')).toHaveLength(1);
  });

  it('answers a new booking without waiting for its "booking received" (issue 24)', async () => {
    // The mail server holds every message until released: were the mail sent within the
    // request, the POST would not answer.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    t.app.deps.mailTransport = {
      ...realTransport,
      async sendMail(mail) {
        await held;
        return realTransport.sendMail(mail);
      },
    };
    const today = t.app.deps.clock.now().toISOString().slice(0, 10);
    const response = await manager.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        unit_id: unitId,
        guest_name: 'Ana Reyes',
        contact_number: '0917 123 4567',
        email: 'ana.later@example.ph',
        num_guests: 2,
        check_in: plusDays(today, 10),
        check_out: plusDays(today, 12),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json() as { data: { booking_id: string } };
    expect(mailsTo('ana.later@example.ph')).toHaveLength(0);

    release();
    await t.app.deps.jobs.settled();
    expect(mailsTo('ana.later@example.ph').map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Booking received: /),
    ]);
    const [received] = await messagesOf(data.booking_id);
    expect(received).toMatchObject({ kind: 'booking_received', status: 'sent', error: null });
  });

  it('fails a message on a 5xx with the server’s reply; Resend and one-offs are recorded', async () => {
    smtp.replyNext({ code: 550, message: 'Mailbox unavailable: no such user' });
    const booking = await book('nobody@example.ph');
    const [received] = await messagesOf(booking.booking_id);
    expect(received).toMatchObject({ kind: 'booking_received', status: 'failed' });
    expect(received!.error).toContain('Mailbox unavailable: no such user');

    const resent = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${booking.booking_id}/messages/${received!.message_id}/resend`,
    });
    expect(resent.statusCode, resent.body).toBe(201);
    expect((resent.json() as { data: MessageJson }).data).toMatchObject({
      kind: 'booking_received',
      status: 'sent',
      is_resend: true,
    });

    const oneOff = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${booking.booking_id}/messages`,
      payload: { subject: 'Your early check-in', body: 'Dear {{guest_name}},\n\nYes, from noon.' },
    });
    expect(oneOff.statusCode, oneOff.body).toBe(201);
    expect(smtp.received.at(-1)!.subject).toBe('Your early check-in');
    expect(smtp.received.at(-1)!.text).toContain('Dear Ana Reyes,');

    const pre = byKind(await messagesOf(booking.booking_id), 'pre_arrival')[0]!;
    const sendNow = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${booking.booking_id}/messages/${pre.message_id}/send`,
    });
    // Not confirmed: the pre-arrival is skipped, with its reason.
    expect(sendNow.statusCode, sendNow.body).toBe(200);
    expect((sendNow.json() as { data: MessageJson }).data).toMatchObject({
      status: 'skipped',
      error: 'The booking is not confirmed.',
    });
    const again = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${booking.booking_id}/messages/${pre.message_id}/send`,
    });
    expect(again.statusCode).toBe(409);
  });

  it('retries a message after a 4xx reply and sends it once, with the same Message-ID', async () => {
    smtp.replyNext({ code: 451, message: 'Greylisted, please try again later' });
    const booking = await book('ana.greylist@example.ph');
    const [received] = await messagesOf(booking.booking_id);
    // The request answered; the guest's mail waits for its next attempt.
    expect(received).toMatchObject({
      kind: 'booking_received',
      status: 'scheduled',
      sent_at: null,
    });
    expect(received!.error).toContain('Will try again');
    expect(received!.error).toContain('Greylisted, please try again later');
    expect(mailsTo('ana.greylist@example.ph')).toHaveLength(0);
    const [job] = await t.database.query<{ status: string; attempts: number; run_at: Date }>(
      `SELECT status, attempts, run_at FROM jobs WHERE unique_key = $1`,
      [`message:${received!.message_id}`],
    );
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.run_at.getTime()).toBeGreaterThan(t.app.deps.clock.now().getTime());

    // Nothing goes before the backoff has passed; at its time the mail goes, once.
    await runUntil(new Date(job!.run_at.getTime() - 1000).toISOString());
    expect(mailsTo('ana.greylist@example.ph')).toHaveLength(0);
    await runUntil(job!.run_at.toISOString());
    const after = byKind(await messagesOf(booking.booking_id), 'booking_received')[0]!;
    expect(after).toMatchObject({ status: 'sent', error: null });
    expect(mailsTo('ana.greylist@example.ph').map((mail) => mail.messageId)).toEqual([
      `<msg-${received!.message_id}@playaserena.ph>`,
    ]);
    await runUntil(new Date(job!.run_at.getTime() + 3_600_000).toISOString());
    expect(mailsTo('ana.greylist@example.ph')).toHaveLength(1);
  });

  it('sends nothing twice when the process dies between the send and its record', async () => {
    const booking = await book('ana.crash@example.ph');
    await confirm(booking.booking_id);
    const pre = byKind(await messagesOf(booking.booking_id), 'pre_arrival')[0]!;
    smtp.received.length = 0;
    const jobId = await dieAfterSending(pre);
    expect(smtp.received).toHaveLength(1);
    expect(byKind(await messagesOf(booking.booking_id), 'pre_arrival')[0]!.status).toBe('sending');

    // A new process, once the lease has passed: the job is claimed again.
    await t.app.deps.jobs.runDueJobs({ jobIds: [jobId] });
    const after = byKind(await messagesOf(booking.booking_id), 'pre_arrival')[0]!;
    expect(after.status).toBe('failed');
    expect(after.error).toContain('Delivery uncertain');
    expect(after.error).toContain(`<msg-${pre.message_id}@playaserena.ph>`);
    expect(mailsTo('ana.crash@example.ph').map((mail) => mail.messageId)).toEqual([
      `<msg-${pre.message_id}@playaserena.ph>`,
    ]);
  });

  it('honours the unsubscribe link of the post-stay mail, without signing in', async () => {
    const booking = await book('ana.unsub@example.ph');
    await confirm(booking.booking_id);
    pinClock(t, `${booking.check_in}T03:00:00.000Z`);
    for (const status of ['CheckedIn', 'CheckedOut']) {
      const response = await manager.inject({
        method: 'POST',
        url: `/api/bookings/${booking.booking_id}/status`,
        // Issue 22: the guest leaves owing the balance, which a manager approves with a reason.
        payload:
          status === 'CheckedOut'
            ? { status, override_reason: 'Settles the balance by transfer' }
            : { status },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    smtp.received.length = 0;
    await runUntil(`${plusDays(booking.check_in, 3)}T02:00:00.000Z`);
    const thanks = mailsTo('ana.unsub@example.ph').find((mail) =>
      mail.subject?.startsWith('Thank you'),
    )!;
    expect(thanks).toBeDefined();
    const header = headerLine(thanks, 'list-unsubscribe') ?? '';
    expect(headerLine(thanks, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const token = decodeURIComponent(/unsubscribe\/([^>]+)>/.exec(header)![1]!);
    expect(thanks.text).toContain(`/unsubscribe?token=${encodeURIComponent(token)}`);

    const status = await t.app.inject({ method: 'GET', url: `/api/public/unsubscribe/${token}` });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toEqual({
      data: { email_masked: 'a******@example.ph', kind: 'post_stay', unsubscribed: false },
    });
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/public/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect((oneClick.json() as { data: Json }).data.unsubscribed).toBe(true);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/public/unsubscribe/${token.slice(0, -2)}xx`,
    });
    expect(forged.statusCode).toBe(404);

    // A later stay of the same guest: the thank-you is skipped.
    const later = await book('ana.unsub@example.ph');
    await confirm(later.booking_id);
    pinClock(t, `${later.check_in}T03:00:00.000Z`);
    for (const status of ['CheckedIn', 'CheckedOut']) {
      await manager.inject({
        method: 'POST',
        url: `/api/bookings/${later.booking_id}/status`,
        payload:
          status === 'CheckedOut'
            ? { status, override_reason: 'Settles the balance by transfer' }
            : { status },
      });
    }
    await runUntil(`${plusDays(later.check_in, 3)}T02:00:00.000Z`);
    expect(byKind(await messagesOf(later.booking_id), 'post_stay')[0]).toMatchObject({
      status: 'skipped',
      error: 'The guest unsubscribed from these e-mails.',
    });
  });

  it('reads an unsubscribe link of a long e-mail address', async () => {
    const email = `${'reservations.and.family.of.ana.reyes.'.repeat(5)}x@subdomain.example.ph`;
    const token = unsubscribeToken(t.config.sessionSecret, email, 'post_stay');
    expect(token.length).toBeGreaterThan(300);
    const status = await t.app.inject({ method: 'GET', url: `/api/public/unsubscribe/${token}` });
    expect(status.statusCode, status.body).toBe(200);
    expect((status.json() as { data: Json }).data).toMatchObject({
      kind: 'post_stay',
      unsubscribed: false,
    });
  });
});
