import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { syncDueFeeds } from '../../../src/server/channels/channels.service';
import { SEND_MAIL_JOB } from '../../../src/server/mail/mail-delivery';
import { signInAs, type SignedIn } from '../../support/auth';
import { countRows, setNow } from '../../support/back-office';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { jobsOfKind, startSmtpServer, type TestSmtpServer } from '../jobs/smtp-helpers';
import { airbnbFeed, startFeedServer, type FeedServer } from './feed-server';

/**
 * Issue 19 §4 around a conflict and a feed's health: the e-mail to owners and managers (through
 * the job queue, to a real SMTP server in this process), the booking's own conflicts
 * (GET /api/channel-conflicts?booking_id=), the feeds failing for more than 24 hours
 * (GET /api/feeds/failing) and the polling interval as a setting.
 */

type Json = Record<string, unknown>;
type Feed = {
  feed_id: string;
  next_run_at: string;
  last_error: string | null;
  is_failing: boolean;
};

const PUBLIC_URL = 'https://book.playaserena.ph';

let t: TestApp;
let smtp: TestSmtpServer;
let feeds: FeedServer;
let owner: SignedIn & { account: { email: string } };
let manager: SignedIn & { account: { email: string } };
let staff: SignedIn & { account: { email: string } };
let admin: SignedIn & { account: { email: string } };
let path = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  feeds = await startFeedServer();
  t = await createTestApp({
    env: {
      FETCH_ALLOW_PRIVATE: '1',
      FEED_FETCH_TIMEOUT_MS: '1000',
      SMTP_URL: smtp.url,
      PUBLIC_URL,
    },
  });
  [owner, manager, staff, admin] = await Promise.all([
    signInAs(t, 'owner'),
    signInAs(t, 'manager'),
    signInAs(t, 'staff'),
    signInAs(t, 'admin'),
  ]);
  // Only the jobs these tests make run: the recurring tasks are set aside.
  await t.database.query(
    `UPDATE jobs SET status = 'cancelled' WHERE unique_key LIKE 'recurring:%' AND status = 'queued'`,
  );
});
afterAll(async () => {
  await feeds.close();
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  setNow(t, '2027-06-01');
  smtp.received.length = 0;
});

async function cabinWithFeed(body: string) {
  const unit = await createUnit(t.database);
  const at = `/alerts/${++path}.ics`;
  feeds.calendar(at, body);
  const response = await manager.inject({
    method: 'POST',
    url: `/api/units/${unit.unit_id}/feeds`,
    payload: { name: 'Airbnb listing', url: feeds.url(at), channel: 'Airbnb' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { unit, at, feed: (response.json() as { data: Feed }).data };
}

async function sync(feedId: string): Promise<Feed> {
  const response = await manager.inject({ method: 'POST', url: `/api/feeds/${feedId}/sync` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Feed }).data;
}

async function conflictsOf(bookingId: string, as: SignedIn = staff) {
  const response = await as.inject({
    method: 'GET',
    url: `/api/channel-conflicts?booking_id=${encodeURIComponent(bookingId)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Json[] }).data;
}

describe(`channel conflict alerts (${process.env.TEST_DB})`, () => {
  it('e-mails one new conflict to the owners and managers, once, with a link to the booking', async () => {
    const { unit, at, feed } = await cabinWithFeed(
      airbnbFeed([
        { uid: 'mail-1@airbnb.com', summary: 'Reserved', start: '2027-08-11', end: '2027-08-14' },
      ]),
    );
    const booking = await createBooking(t.database, unit.unit_id, {
      check_in: '2027-08-10',
      check_out: '2027-08-12',
    });
    const mailJobsBefore = (await jobsOfKind(t, SEND_MAIL_JOB)).length;
    await sync(feed.feed_id);

    // Stored with the conflict, in the sync's transaction; delivered by the queue.
    const jobs = await jobsOfKind(t, SEND_MAIL_JOB);
    expect(jobs).toHaveLength(mailJobsBefore + 1);
    const job = jobs.find((row) => row.status === 'queued')!;
    await t.app.deps.jobs.runDueJobs({ jobIds: [job.job_id] });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    const to = [mail.to]
      .flat()
      .flatMap((address) => address?.value.map((entry) => entry.address) ?? []);
    expect(to).toEqual(expect.arrayContaining([owner.account.email, manager.account.email]));
    expect(to).not.toContain(staff.account.email);
    expect(to).not.toContain(admin.account.email);
    expect(mail.subject).toContain(unit.unit_name);
    expect(mail.subject).toContain('Airbnb');
    expect(mail.subject).toContain(booking.booking_reference);
    expect(mail.text).toContain('Aug 11, 2027 to Aug 14, 2027 (3 nights)');
    expect(mail.text).toContain(`${PUBLIC_URL}/bookings/${booking.booking_id}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/bookings/${booking.booking_id}"`);

    // The next sync of the same feed, and Airbnb moving the hold over the same booking: no mail.
    await sync(feed.feed_id);
    feeds.calendar(
      at,
      airbnbFeed([
        { uid: 'mail-1@airbnb.com', summary: 'Reserved', start: '2027-08-11', end: '2027-08-15' },
      ]),
    );
    await sync(feed.feed_id);
    expect(await jobsOfKind(t, SEND_MAIL_JOB)).toHaveLength(mailJobsBefore + 1);

    // Moved over another direct booking: that one is a new conflict, with its own mail.
    const second = await createBooking(t.database, unit.unit_id, {
      check_in: '2027-08-20',
      check_out: '2027-08-22',
    });
    feeds.calendar(
      at,
      airbnbFeed([
        { uid: 'mail-1@airbnb.com', summary: 'Reserved', start: '2027-08-19', end: '2027-08-21' },
      ]),
    );
    await sync(feed.feed_id);
    const after = await jobsOfKind(t, SEND_MAIL_JOB);
    expect(after).toHaveLength(mailJobsBefore + 2);
    const newJob = after.find((job) => job.status === 'queued')!;
    await t.app.deps.jobs.runDueJobs({ jobIds: [newJob.job_id] });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received.at(-1)!.subject).toContain(second.booking_reference);
  });

  it("answers a booking's open conflicts, and only that booking's", async () => {
    const { unit, feed } = await cabinWithFeed(
      airbnbFeed([
        { uid: 'page-1@airbnb.com', summary: 'Reserved', start: '2027-09-11', end: '2027-09-13' },
      ]),
    );
    const clashing = await createBooking(t.database, unit.unit_id, {
      check_in: '2027-09-10',
      check_out: '2027-09-12',
    });
    const clear = await createBooking(t.database, unit.unit_id, {
      check_in: '2027-09-20',
      check_out: '2027-09-22',
    });
    await sync(feed.feed_id);

    const open = await conflictsOf(clashing.booking_id);
    expect(open).toEqual([
      expect.objectContaining({
        unit_name: unit.unit_name,
        channel: 'Airbnb',
        start_date: '2027-09-11',
        end_date: '2027-09-13',
        booking_references: [clashing.booking_reference],
        resolved_at: null,
      }),
    ]);
    expect(await conflictsOf(clear.booking_id)).toEqual([]);
    // An id that is no booking is simply none.
    expect(await conflictsOf('not-a-booking')).toEqual([]);

    const resolved = await manager.inject({
      method: 'POST',
      url: `/api/channel-conflicts/${open[0]!.hold_id as string}/resolve`,
      payload: { resolution: 'handled_on_channel', note: 'Airbnb moved the guest' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await conflictsOf(clashing.booking_id)).toEqual([]);
    const all = await staff.inject({
      method: 'GET',
      url: `/api/channel-conflicts?all=true&booking_id=${clashing.booking_id}`,
    });
    expect((all.json() as { data: Json[] }).data).toHaveLength(1);

    const tooLong = await staff.inject({
      method: 'GET',
      url: `/api/channel-conflicts?booking_id=${'x'.repeat(101)}`,
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('lists a feed failing for more than 24 hours for the dashboard, with its cabin', async () => {
    const unit = await createUnit(t.database);
    const at = `/alerts/${++path}.ics`;
    feeds.set(at, (_req, res) => res.writeHead(500).end('boom'));
    const created = await manager.inject({
      method: 'POST',
      url: `/api/units/${unit.unit_id}/feeds`,
      payload: { name: 'Broken listing', url: feeds.url(at), channel: 'Booking.com' },
    });
    const feed = (created.json() as { data: Feed }).data;
    const failing = async () => {
      const response = await manager.inject({ method: 'GET', url: '/api/feeds/failing' });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: Json[] }).data.filter(
        (row) => row.feed_id === feed.feed_id,
      );
    };

    expect((await sync(feed.feed_id)).is_failing).toBe(false);
    expect(await failing()).toEqual([]);

    setNow(t, '2027-06-02T05:00:00Z');
    const later = await sync(feed.feed_id);
    expect(later.is_failing).toBe(true);
    expect(await failing()).toEqual([
      {
        feed_id: feed.feed_id,
        unit_id: unit.unit_id,
        unit_name: unit.unit_name,
        name: 'Broken listing',
        channel: 'Booking.com',
        last_success_at: null,
        last_error: 'The feed answered HTTP 500.',
      },
    ]);

    // A success clears it.
    feeds.calendar(at, airbnbFeed([]));
    expect((await sync(feed.feed_id)).is_failing).toBe(false);
    expect(await failing()).toEqual([]);

    const forStaff = await staff.inject({ method: 'GET', url: '/api/feeds/failing' });
    expect(forStaff.statusCode).toBe(403);
  });

  it('downloads each feed every N minutes of the setting, from the next sweep after a change', async () => {
    const { feed } = await cabinWithFeed(airbnbFeed([]));
    const at = (iso: string) => new Date(iso);

    const first = await syncDueFeeds(t.app.deps, at('2027-06-01T05:00:00Z'));
    expect(first.synced).toBeGreaterThanOrEqual(1);
    const nextRun = async () =>
      (
        await t.database.query<{ next_run_at: string }>(
          `SELECT next_run_at::text FROM channel_feeds WHERE feed_id = $1`,
          [feed.feed_id],
        )
      )[0]!.next_run_at;
    // The server's CHANNEL_SYNC_MINUTES (15) while the setting is unset.
    expect(new Date(await nextRun()).toISOString()).toBe('2027-06-01T05:15:00.000Z');

    // Refused, and nothing written: too short, too long, not whole, and not an owner's change.
    const settingsRows = await countRows(t.database, 'settings');
    for (const sync_minutes of [4, 1441, 7.5, '30']) {
      const refused = await owner.inject({
        method: 'PATCH',
        url: '/api/settings',
        payload: { channels: { sync_minutes } },
      });
      expect(refused.statusCode, refused.body).toBe(400);
    }
    const byManager = await manager.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: { channels: { sync_minutes: 60 } },
    });
    expect(byManager.statusCode).toBe(403);
    expect(await countRows(t.database, 'settings')).toBe(settingsRows);

    const saved = await owner.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: { channels: { sync_minutes: 5 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { channels: Json }).channels).toEqual({ sync_minutes: 5 });
    const read = await staff.inject({ method: 'GET', url: '/api/settings' });
    expect((read.json() as { channels: Json }).channels).toEqual({ sync_minutes: 5 });

    // The next sweep reschedules the waiting feed to its last download + 5 minutes: due now.
    const sweep = await syncDueFeeds(t.app.deps, at('2027-06-01T05:06:00Z'));
    expect(sweep.synced).toBeGreaterThanOrEqual(1);
    expect(new Date(await nextRun()).toISOString()).toBe('2027-06-01T05:11:00.000Z');

    // Longer again: the feed waits for its last download + 60 minutes.
    await owner.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: { channels: { sync_minutes: 60 } },
    });
    await syncDueFeeds(t.app.deps, at('2027-06-01T05:07:00Z'));
    expect(new Date(await nextRun()).toISOString()).toBe('2027-06-01T06:06:00.000Z');
    expect((await syncDueFeeds(t.app.deps, at('2027-06-01T05:12:00Z'))).synced).toBe(0);
    const listed = await manager.inject({
      method: 'GET',
      url: `/api/units/${(feed as Feed & { unit_id: string }).unit_id}/feeds`,
    });
    expect((listed.json() as { data: Feed[] }).data[0]!.next_run_at).toBe(
      '2027-06-01T06:06:00.000Z',
    );
  });
});
