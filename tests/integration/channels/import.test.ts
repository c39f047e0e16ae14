import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { countRows, setNow } from '../../support/back-office';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { airbnbFeed, ics, startFeedServer, type FeedServer } from './feed-server';

/**
 * Issue 19's import: feeds in the channels' shapes served by a real HTTP server on 127.0.0.1,
 * downloaded through POST /api/feeds/:id/sync into holds on the cabin's nights, and the guard
 * between those holds and direct bookings, on the real database.
 */

type Json = Record<string, unknown>;
type Feed = {
  feed_id: string;
  url_masked: string;
  last_error: string | null;
  last_success_at: string | null;
  event_count: number;
  log: { level: string; message: string }[];
};
type Hold = {
  hold_id: string;
  uid: string;
  summary: string | null;
  start_date: string;
  end_date: string;
  conflict: boolean;
  updated_at: string;
};

let t: TestApp;
let server: FeedServer;
let manager: SignedIn;
let staff: SignedIn;
let path = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: '1', FEED_FETCH_TIMEOUT_MS: '1000' } });
  server = await startFeedServer();
  [manager, staff] = await Promise.all([signInAs(t, 'manager'), signInAs(t, 'staff')]);
});
afterAll(async () => {
  await server.close();
  await t.close();
});
beforeEach(() => {
  setNow(t, '2027-06-01');
  t.app.deps.config.fetchAllowPrivate = true;
});

const newPath = () => `/feeds/${++path}.ics`;

async function addFeed(unitId: string, url: string, channel = 'Airbnb'): Promise<Feed> {
  const response = await manager.inject({
    method: 'POST',
    url: `/api/units/${unitId}/feeds`,
    payload: { name: `${channel} listing`, url, channel },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: Feed }).data;
}

async function sync(feedId: string, as: SignedIn = manager): Promise<Feed> {
  const response = await as.inject({ method: 'POST', url: `/api/feeds/${feedId}/sync` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Feed }).data;
}

async function holdsOf(unitId: string): Promise<Hold[]> {
  return t.database.query<Hold>(
    `SELECT hold_id, uid, summary, start_date, end_date, conflict, updated_at::text AS updated_at
       FROM external_holds WHERE unit_id = $1 ORDER BY start_date, uid`,
    [unitId],
  );
}

async function cabinWithFeed(body: string, channel = 'Airbnb') {
  const unit = await createUnit(t.database);
  const at = newPath();
  server.calendar(at, body);
  const feed = await addFeed(unit.unit_id, server.url(at), channel);
  return { unit, feed, at };
}

describe(`channel import (${process.env.TEST_DB})`, () => {
  it("keeps Airbnb's moving 'Not available' window as ONE hold over three daily downloads", async () => {
    const reserved = {
      uid: '1418fb94e984-8e6c2a1b@airbnb.com',
      summary: 'Reserved',
      start: '2027-06-10',
      end: '2027-06-13',
    };
    const window = (uid: string, end: string) => ({
      uid,
      summary: 'Airbnb (Not available)',
      start: '2027-12-01',
      end,
    });
    const { unit, feed, at } = await cabinWithFeed(
      airbnbFeed([reserved, window('w1@airbnb.com', '2028-06-01')]),
    );
    await sync(feed.feed_id);
    const first = await holdsOf(unit.unit_id);
    expect(first.map((hold) => [hold.start_date, hold.end_date])).toEqual([
      ['2027-06-10', '2027-06-13'],
      ['2027-12-01', '2028-06-01'],
    ]);

    // Next day: the far edge moved, same UID.
    setNow(t, '2027-06-02');
    server.calendar(at, airbnbFeed([reserved, window('w1@airbnb.com', '2028-06-02')]));
    await sync(feed.feed_id);
    // Third day: the far edge moved again and Airbnb gave the window a new UID.
    setNow(t, '2027-06-03');
    server.calendar(at, airbnbFeed([reserved, window('w3@airbnb.com', '2028-06-03')]));
    const third = await sync(feed.feed_id);

    const holds = await holdsOf(unit.unit_id);
    expect(holds).toHaveLength(2);
    expect(holds[1]).toMatchObject({
      hold_id: first[1]!.hold_id,
      uid: 'w3@airbnb.com',
      start_date: '2027-12-01',
      end_date: '2028-06-03',
    });
    expect(holds[0]!.hold_id).toBe(first[0]!.hold_id);
    expect(third.event_count).toBe(2);
    expect(third.last_error).toBeNull();
    // The guest's phone digits and reservation link never reach the database.
    const stored = JSON.stringify(holds);
    expect(stored).not.toContain('1234');
    expect(stored).not.toContain('HMABCD');
  });

  it('releases the nights of an event that vanished from a later download', async () => {
    const events = [
      {
        uid: 'a@booking.com',
        summary: 'CLOSED - Not available',
        start: '2027-07-01',
        end: '2027-07-04',
      },
      {
        uid: 'b@booking.com',
        summary: 'CLOSED - Not available',
        start: '2027-07-10',
        end: '2027-07-12',
      },
    ];
    const { unit, feed, at } = await cabinWithFeed(airbnbFeed(events), 'Booking.com');
    await sync(feed.feed_id);
    expect(await holdsOf(unit.unit_id)).toHaveLength(2);

    server.calendar(at, airbnbFeed([events[1]!]));
    const after = await sync(feed.feed_id);
    const holds = await holdsOf(unit.unit_id);
    expect(holds.map((hold) => hold.uid)).toEqual(['b@booking.com']);
    expect(after.event_count).toBe(1);
    expect(after.log[0]!.message).toContain('1 released');

    // The released nights can be booked again.
    const check = await staff.inject({
      method: 'GET',
      url: `/api/availability/multi-unit?check_in=2027-07-01&check_out=2027-07-04&unit_ids=${unit.unit_id}`,
    });
    expect((check.json() as { data: { results: Json[] } }).data.results[0]).toMatchObject({
      is_available: true,
    });
  });

  it('moves a changed event (same UID, new dates) instead of adding one', async () => {
    const vrbo = (start: string, end: string) =>
      ics(
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//HomeAway.com, Inc.//EN',
        'BEGIN:VEVENT',
        'UID:vrbo-1234',
        'DTSTAMP:20270601T000000Z',
        `DTSTART;VALUE=DATE:${start}`,
        `DTEND;VALUE=DATE:${end}`,
        'SUMMARY:Reserved - Maria',
        'END:VEVENT',
        'END:VCALENDAR',
      );
    const { unit, feed, at } = await cabinWithFeed(vrbo('20270801', '20270805'), 'VRBO');
    await sync(feed.feed_id);
    const [before] = await holdsOf(unit.unit_id);
    server.calendar(at, vrbo('20270803', '20270806'));
    await sync(feed.feed_id);
    const holds = await holdsOf(unit.unit_id);
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({
      hold_id: before!.hold_id,
      start_date: '2027-08-03',
      end_date: '2027-08-06',
    });
  });

  it('imports a feed of 1,200 events (more than one INSERT holds) and then moves every one', async () => {
    const day = (n: number) => {
      const date = new Date(Date.UTC(2028, 0, 1 + n));
      return date.toISOString().slice(0, 10);
    };
    const many = (shift: number) =>
      airbnbFeed(
        Array.from({ length: 1200 }, (_, i) => ({
          uid: `bulk-${i}@airbnb.com`,
          summary: 'Reserved',
          start: day(2 * i + shift),
          end: day(2 * i + shift + 1),
        })),
      );
    const { unit, feed, at } = await cabinWithFeed(many(0));
    expect((await sync(feed.feed_id)).event_count).toBe(1200);
    const first = await holdsOf(unit.unit_id);
    expect(first).toHaveLength(1200);
    expect(first[1199]).toMatchObject({ start_date: day(2398), end_date: day(2399) });
    server.calendar(at, many(1));
    const synced = await sync(feed.feed_id);
    expect(synced.last_error).toBeNull();
    expect(synced.log[0]!.message).toBe(
      'Downloaded 1200 events: 0 new, 1200 changed, 0 released, 0 unchanged.',
    );
    const moved = await holdsOf(unit.unit_id);
    expect(moved.map((hold) => hold.hold_id).sort()).toEqual(
      first.map((hold) => hold.hold_id).sort(),
    );
    expect(moved[0]).toMatchObject({
      uid: 'bulk-0@airbnb.com',
      start_date: day(1),
      end_date: day(2),
    });
  });

  it('changes nothing when an unchanged feed is imported twice', async () => {
    const body = airbnbFeed([
      { uid: 'same-1@airbnb.com', summary: 'Reserved', start: '2027-09-01', end: '2027-09-05' },
      { uid: 'same-2@airbnb.com', summary: 'Reserved', start: '2027-09-07', end: '2027-09-09' },
    ]);
    const { unit, feed } = await cabinWithFeed(body);
    await sync(feed.feed_id);
    const before = await holdsOf(unit.unit_id);
    const audited = await countRows(t.database, 'audit_logs');
    const again = await sync(feed.feed_id);
    expect(await holdsOf(unit.unit_id)).toEqual(before);
    expect(await countRows(t.database, 'audit_logs')).toBe(audited);
    expect(again.log[0]!.message).toContain('0 new, 0 changed, 0 released, 2 unchanged');
  });

  it('reads a DATE-TIME event across midnight in Manila as the nights of that zone', async () => {
    // 15:00Z on Sep 10 is 23:00 in Manila; 17:00Z on Sep 11 is 01:00 on Sep 12 there.
    const body = ics(
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Agoda//EN',
      'BEGIN:VEVENT',
      'UID:agoda-77',
      'DTSTART:20270910T150000Z',
      'DTEND:20270911T170000Z',
      'SUMMARY:Booked',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:agoda-broken',
      'SUMMARY:No dates at all',
      'END:VEVENT',
      'END:VCALENDAR',
    );
    const { unit, feed } = await cabinWithFeed(body, 'Agoda');
    const synced = await sync(feed.feed_id);
    const holds = await holdsOf(unit.unit_id);
    expect(holds.map((hold) => [hold.uid, hold.start_date, hold.end_date])).toEqual([
      ['agoda-77', '2027-09-10', '2027-09-12'],
    ]);
    // The malformed event is skipped with a warning; the feed itself succeeded.
    expect(synced.last_error).toBeNull();
    expect(
      synced.log.some((line) => line.level === 'warning' && line.message.includes('agoda-broken')),
    ).toBe(true);
  });

  it('ignores events that ended more than a few days ago', async () => {
    const { unit, feed } = await cabinWithFeed(
      airbnbFeed([
        { uid: 'old@airbnb.com', summary: 'Reserved', start: '2027-05-01', end: '2027-05-05' },
        { uid: 'recent@airbnb.com', summary: 'Reserved', start: '2027-05-28', end: '2027-05-30' },
      ]),
    );
    await sync(feed.feed_id);
    expect((await holdsOf(unit.unit_id)).map((hold) => hold.uid)).toEqual(['recent@airbnb.com']);
  });

  it('accepts a gzip-compressed feed', async () => {
    const unit = await createUnit(t.database);
    const at = newPath();
    const body = gzipSync(
      airbnbFeed([
        { uid: 'gz@airbnb.com', summary: 'Reserved', start: '2027-10-01', end: '2027-10-03' },
      ]),
    );
    server.set(at, (req, res) => {
      expect(req.headers['accept-encoding']).toContain('gzip');
      res.writeHead(200, { 'content-type': 'text/calendar', 'content-encoding': 'gzip' }).end(body);
    });
    const feed = await addFeed(unit.unit_id, server.url(at));
    await sync(feed.feed_id);
    expect(await holdsOf(unit.unit_id)).toHaveLength(1);
  });

  describe('a failed download records the error and keeps every hold', () => {
    async function failing(
      handlerAt: (at: string) => Parameters<FeedServer['set']>[1],
    ): Promise<{ feed: Feed; unitId: string; at: string }> {
      const { unit, feed, at } = await cabinWithFeed(
        airbnbFeed([
          {
            uid: `keep-${at0()}@airbnb.com`,
            summary: 'Reserved',
            start: '2027-11-01',
            end: '2027-11-03',
          },
        ]),
      );
      await sync(feed.feed_id);
      expect(await holdsOf(unit.unit_id)).toHaveLength(1);
      server.set(at, handlerAt(at));
      const after = await sync(feed.feed_id);
      expect(await holdsOf(unit.unit_id)).toHaveLength(1);
      expect(after.last_success_at).not.toBeNull();
      expect(after.log[0]!.level).toBe('error');
      return { feed: after, unitId: unit.unit_id, at };
    }
    let n = 0;
    const at0 = () => ++n;

    it('answers 500', async () => {
      const { feed } = await failing(() => (_req, res) => res.writeHead(500).end('oops'));
      expect(feed.last_error).toBe('The feed answered HTTP 500.');
    });

    it('redirects in a loop', async () => {
      const { feed, at } = await failing((at) => (_req, res) => {
        res.writeHead(302, { location: at }).end();
      });
      expect(feed.last_error).toBe('The feed redirected more than 3 times.');
      // The first download, then the first request and its 3 redirects.
      expect(server.hits(at)).toBe(1 + 4);
    });

    it('sends 6 MB', async () => {
      const { feed } = await failing(() => (_req, res) => {
        // Chunked, with no length announced: the cap counts what arrives.
        res.writeHead(200, { 'content-type': 'text/calendar' });
        const chunk = Buffer.alloc(1024 * 1024, 'A');
        for (let i = 0; i < 6; i += 1) res.write(chunk);
        res.end();
      });
      expect(feed.last_error).toBe('The feed is larger than 5 MB; it was not read.');
    });

    it('is too slow', async () => {
      const { feed } = await failing(() => (_req, res) => {
        const timer = setTimeout(() => res.end(), 5000);
        res.on('close', () => clearTimeout(timer));
      });
      expect(feed.last_error).toBe('The feed did not answer within 1 s.');
    });

    it('sends garbage bytes', async () => {
      const { feed } = await failing(
        () => (_req, res) =>
          res.writeHead(200).end(Buffer.from([0x00, 0xff, 0x13, 0x37, 0x0a, 0x42, 0x00])),
      );
      expect(feed.last_error).toBe('The feed is not an iCalendar file.');
    });
  });

  it('refuses the same UID in a second cabin, with a warning in its log', async () => {
    const body = airbnbFeed([
      { uid: 'twice@airbnb.com', summary: 'Reserved', start: '2027-10-10', end: '2027-10-12' },
    ]);
    const first = await cabinWithFeed(body);
    await sync(first.feed.feed_id);
    const second = await cabinWithFeed(body);
    const synced = await sync(second.feed.feed_id);
    expect(await holdsOf(first.unit.unit_id)).toHaveLength(1);
    expect(await holdsOf(second.unit.unit_id)).toHaveLength(0);
    expect(
      synced.log.some((line) => line.message.includes('already imported by another feed')),
    ).toBe(true);
  });

  describe('SSRF: addresses that are not public are never fetched', () => {
    it.each([
      [
        '127.0.0.1 (the test server, without FETCH_ALLOW_PRIVATE)',
        () => server.url('/feeds/ssrf.ics'),
      ],
      ['10.x', () => 'http://10.20.30.40/calendar.ics'],
      ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
      ['IPv6 loopback', () => 'http://[::1]/calendar.ics'],
    ])('%s', async (_label, url) => {
      const unit = await createUnit(t.database);
      server.calendar('/feeds/ssrf.ics', airbnbFeed([]));
      const feed = await addFeed(unit.unit_id, url());
      t.app.deps.config.fetchAllowPrivate = false;
      const synced = await sync(feed.feed_id);
      expect(synced.last_error).toMatch(/is not a public internet address; it is not fetched\.$/);
      expect(server.hits('/feeds/ssrf.ics')).toBe(0);
    });
  });

  describe('THE GUARD', () => {
    it('refuses a direct booking over a hold with a 409 naming the channel and the nights', async () => {
      const { unit, feed } = await cabinWithFeed(
        airbnbFeed([
          { uid: 'guard@airbnb.com', summary: 'Reserved', start: '2027-06-20', end: '2027-06-23' },
        ]),
      );
      await sync(feed.feed_id);
      const bookings = await countRows(t.database, 'bookings');
      const response = await staff.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: {
          unit_id: unit.unit_id,
          guest_name: 'Juan Dela Cruz',
          contact_number: '0917 123 4567',
          email: 'juan@example.ph',
          num_guests: 2,
          check_in: '2027-06-22',
          check_out: '2027-06-24',
          payment_method: 'GCash',
        },
      });
      expect(response.statusCode, response.body).toBe(409);
      expect((response.json() as Json).message).toBe(
        `${unit.unit_name} is held by Airbnb from Jun 20, 2027 to Jun 23, 2027 (a booking imported from the channel). Please choose other dates.`,
      );
      expect(await countRows(t.database, 'bookings')).toBe(bookings);

      // Availability, the public calendar and the tape chart treat the hold as taken.
      const availability = await staff.inject({
        method: 'GET',
        url: `/api/availability/multi-unit?check_in=2027-06-22&check_out=2027-06-24&unit_ids=${unit.unit_id}`,
      });
      const result = (availability.json() as { data: { results: Json[] } }).data.results[0]!;
      expect(result.is_available).toBe(false);
      expect(result.conflicting_bookings).toEqual([
        expect.objectContaining({
          type: 'external_hold',
          channel: 'Airbnb',
          check_in: '2027-06-20',
        }),
      ]);
      const calendar = await t.app.inject({
        method: 'GET',
        url: '/api/public/calendar?from=2027-06-19&to=2027-06-24',
      });
      const cabin = (
        calendar.json() as { units: { unit_id: string; taken: string[] }[] }
      ).units.find((u) => u.unit_id === unit.unit_id);
      expect(cabin!.taken).toEqual(['2027-06-20', '2027-06-21', '2027-06-22']);
      const tape = await staff.inject({
        method: 'GET',
        url: `/api/availability/calendar?from=2027-06-19&to=2027-06-24&unit=${unit.unit_id}`,
      });
      const tapeUnit = (tape.json() as { data: { units: { holds: Json[] }[] } }).data.units[0]!;
      expect(tapeUnit.holds).toEqual([
        expect.objectContaining({
          channel: 'Airbnb',
          feed_name: 'Airbnb listing',
          start_date: '2027-06-20',
          end_date: '2027-06-23',
          conflict: false,
        }),
      ]);
    });

    it('stores and flags an imported event over a direct booking, and staff resolve it', async () => {
      const unit = await createUnit(t.database);
      const booking = await createBooking(t.database, unit.unit_id, {
        check_in: '2027-08-10',
        check_out: '2027-08-12',
      });
      const at = newPath();
      server.calendar(
        at,
        airbnbFeed([
          { uid: 'clash@airbnb.com', summary: 'Reserved', start: '2027-08-11', end: '2027-08-14' },
        ]),
      );
      const feed = await addFeed(unit.unit_id, server.url(at));
      await sync(feed.feed_id);
      const [hold] = await holdsOf(unit.unit_id);
      expect(hold).toMatchObject({
        conflict: true,
        start_date: '2027-08-11',
        end_date: '2027-08-14',
      });

      const list = await staff.inject({ method: 'GET', url: '/api/channel-conflicts' });
      expect(list.statusCode).toBe(200);
      const conflicts = (list.json() as { data: Json[] }).data;
      expect(conflicts).toContainEqual(
        expect.objectContaining({
          hold_id: hold!.hold_id,
          channel: 'Airbnb',
          unit_name: unit.unit_name,
          booking_references: [booking.booking_reference],
          resolved_at: null,
        }),
      );

      // The direct booking in conflict can still move through its states (its line is updated).
      const confirm = await manager.inject({
        method: 'POST',
        url: `/api/bookings/${booking.booking_id}/status`,
        payload: { status: 'Confirmed', override_reason: 'Deposit paid in cash at the desk' },
      });
      expect(confirm.statusCode, confirm.body).toBe(200);

      const refused = await staff.inject({
        method: 'POST',
        url: `/api/channel-conflicts/${hold!.hold_id}/resolve`,
        payload: { resolution: 'cancelled', note: 'Cancelled the direct booking' },
      });
      expect(refused.statusCode).toBe(403);
      const bad = await manager.inject({
        method: 'POST',
        url: `/api/channel-conflicts/${hold!.hold_id}/resolve`,
        payload: { resolution: 'ignored', note: '' },
      });
      expect(bad.statusCode).toBe(400);
      const resolved = await manager.inject({
        method: 'POST',
        url: `/api/channel-conflicts/${hold!.hold_id}/resolve`,
        payload: { resolution: 'cancelled', note: 'Cancelled the direct booking' },
      });
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect((resolved.json() as { data: Json }).data).toMatchObject({
        resolution: 'cancelled',
        resolution_note: 'Cancelled the direct booking',
      });
      const open = (
        (await staff.inject({ method: 'GET', url: '/api/channel-conflicts' })).json() as {
          data: Json[];
        }
      ).data;
      expect(open.find((row) => row.hold_id === hold!.hold_id)).toBeUndefined();
      const again = await manager.inject({
        method: 'POST',
        url: `/api/channel-conflicts/${hold!.hold_id}/resolve`,
        payload: { resolution: 'cancelled', note: 'Twice' },
      });
      expect(again.statusCode).toBe(409);
      const audit = await t.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_logs
          WHERE table_name = 'external_holds' AND record_id = $1 AND action = 'UPDATE'`,
        [hold!.hold_id],
      );
      expect(Number(audit[0]!.n)).toBe(1);
    });
  });

  describe('feeds', () => {
    it('masks the URL after saving and redacts it in the audit trail', async () => {
      const unit = await createUnit(t.database);
      const secret = 'https://www.airbnb.com/calendar/ical/12345.ics?s=0123456789abcdef';
      const feed = await addFeed(unit.unit_id, secret);
      expect(feed.url_masked).toBe('https://www.airbnb.com/••••••');
      const list = await manager.inject({ method: 'GET', url: `/api/units/${unit.unit_id}/feeds` });
      expect(list.body).not.toContain('0123456789abcdef');
      const audit = await t.database.query<{ new_data: { url: string } }>(
        `SELECT new_data FROM audit_logs WHERE table_name = 'channel_feeds' AND record_id = $1`,
        [feed.feed_id],
      );
      expect(audit[0]!.new_data.url).toBe('[REDACTED]');
      expect(JSON.stringify(audit)).not.toContain('0123456789abcdef');
    });

    it.each([
      ['ftp://example.com/cal.ics', 'url'],
      ['file:///etc/passwd', 'url'],
      ['https://user:pw@example.com/cal.ics', 'url'],
    ])('refuses %s with a 400 and writes nothing', async (url) => {
      const unit = await createUnit(t.database);
      const response = await manager.inject({
        method: 'POST',
        url: `/api/units/${unit.unit_id}/feeds`,
        payload: { name: 'Bad', url, channel: 'Other' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Please enter the feed address');
      expect(await countRows(t.database, `channel_feeds WHERE unit_id = '${unit.unit_id}'`)).toBe(
        0,
      );
    });

    it('changes and deletes a feed; deleting releases its nights', async () => {
      const { unit, feed } = await cabinWithFeed(
        airbnbFeed([
          { uid: 'del@airbnb.com', summary: 'Reserved', start: '2027-10-20', end: '2027-10-22' },
        ]),
      );
      await sync(feed.feed_id);
      const patched = await manager.inject({
        method: 'PATCH',
        url: `/api/units/${unit.unit_id}/feeds/${feed.feed_id}`,
        payload: { name: 'Main listing', channel: 'Other' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect((patched.json() as { data: Json }).data).toMatchObject({
        name: 'Main listing',
        channel: 'Other',
      });
      const other = await createUnit(t.database);
      const wrongCabin = await manager.inject({
        method: 'DELETE',
        url: `/api/units/${other.unit_id}/feeds/${feed.feed_id}`,
      });
      expect(wrongCabin.statusCode).toBe(404);
      const deleted = await manager.inject({
        method: 'DELETE',
        url: `/api/units/${unit.unit_id}/feeds/${feed.feed_id}`,
      });
      expect(deleted.statusCode).toBe(204);
      expect(await holdsOf(unit.unit_id)).toHaveLength(0);
    });

    it('syncDueFeeds downloads the feeds that are due, and schedules the next run', async () => {
      const { syncDueFeeds } = await import('../../../src/server/channels/channels.service');
      const { unit, feed } = await cabinWithFeed(
        airbnbFeed([
          { uid: 'due@airbnb.com', summary: 'Reserved', start: '2027-10-25', end: '2027-10-27' },
        ]),
      );
      const now = new Date('2027-06-01T05:00:00Z');
      const result = await syncDueFeeds(t.app.deps, now);
      expect(result.synced).toBeGreaterThanOrEqual(1);
      expect(await holdsOf(unit.unit_id)).toHaveLength(1);
      const [row] = await t.database.query<{ next_run_at: string }>(
        `SELECT next_run_at::text FROM channel_feeds WHERE feed_id = $1`,
        [feed.feed_id],
      );
      expect(new Date(row!.next_run_at).toISOString()).toBe('2027-06-01T05:15:00.000Z');
      // Not due again until then.
      const later = await syncDueFeeds(t.app.deps, new Date('2027-06-01T05:10:00Z'));
      expect(later.synced).toBe(0);
    });
  });
});
