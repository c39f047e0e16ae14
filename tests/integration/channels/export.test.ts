import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { setNow } from '../../support/back-office';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { buildCalendar } from '../../../src/server/channels/ical-format';
import { airbnbFeed, startFeedServer, type FeedServer } from './feed-server';

/**
 * Issue 19's export: each cabin's secret feed URL serves RFC 5545 with its booking lines and
 * blackouts (never the imported holds), read back with ical.js, and a round trip into a second
 * install that blocks exactly the same nights.
 */

let t: TestApp;
let server: FeedServer;
let manager: SignedIn;
let staff: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: '1' } });
  server = await startFeedServer();
  [manager, staff] = await Promise.all([signInAs(t, 'manager'), signInAs(t, 'staff')]);
});
afterAll(async () => {
  await server.close();
  await t.close();
});
beforeEach(() => setNow(t, '2027-06-01'));

async function exportUrl(unitId: string): Promise<string> {
  const response = await manager.inject({ method: 'GET', url: `/api/units/${unitId}/ical` });
  expect(response.statusCode, response.body).toBe(200);
  const url = (response.json() as { data: { export_url: string } }).data.export_url;
  expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/public\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  return url;
}

const pathOf = (url: string) => new URL(url).pathname;

/** A cabin with a booking, a cancelled booking, a blackout and an imported hold. */
async function cabinWithEverything() {
  const unit = await createUnit(t.database, { unit_name: 'Cabaña Sunset' });
  const booking = await createBooking(
    t.database,
    unit.unit_id,
    { check_in: '2027-07-10', check_out: '2027-07-13' },
    { guest_name: 'Maria Clara Santos', email: 'maria.clara@example.ph' },
  );
  await createBooking(
    t.database,
    unit.unit_id,
    { check_in: '2027-07-20', check_out: '2027-07-22' },
    { booking_status: 'Cancelled' },
  );
  const blackout = await manager.inject({
    method: 'POST',
    url: '/api/blackouts',
    payload: {
      unit_id: unit.unit_id,
      start_date: '2027-08-01',
      end_date: '2027-08-03',
      reason: 'Roof repair by Juan',
    },
  });
  expect(blackout.statusCode, blackout.body).toBe(201);
  server.calendar(
    `/hold-${unit.unit_id}.ics`,
    airbnbFeed([
      {
        uid: `echo-${unit.unit_id}@airbnb.com`,
        summary: 'Reserved',
        start: '2027-09-01',
        end: '2027-09-04',
      },
    ]),
  );
  const feed = await manager.inject({
    method: 'POST',
    url: `/api/units/${unit.unit_id}/feeds`,
    payload: { name: 'Airbnb', url: server.url(`/hold-${unit.unit_id}.ics`), channel: 'Airbnb' },
  });
  const feedId = (feed.json() as { data: { feed_id: string } }).data.feed_id;
  const synced = await manager.inject({ method: 'POST', url: `/api/feeds/${feedId}/sync` });
  expect((synced.json() as { data: { event_count: number } }).data.event_count).toBe(1);
  return { unit, booking };
}

describe(`channel export (${process.env.TEST_DB})`, () => {
  it('serves RFC 5545 with one all-day event per live line and blackout, never holds or guest data', async () => {
    const { unit, booking } = await cabinWithEverything();
    const url = await exportUrl(unit.unit_id);
    const response = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = response.body;
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    const events = calendar.getAllSubcomponents('vevent').map((event) => {
      const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
      const end = event.getFirstPropertyValue('dtend') as ICAL.Time;
      expect(start.isDate).toBe(true);
      expect(end.isDate).toBe(true);
      expect(event.getFirstPropertyValue('dtstamp')).toBeTruthy();
      return {
        uid: event.getFirstPropertyValue('uid'),
        summary: event.getFirstPropertyValue('summary'),
        start: start.toString(),
        end: end.toString(),
      };
    });
    expect(events).toEqual([
      {
        uid: expect.stringMatching(/^line-/),
        summary: 'Reserved',
        start: '2027-07-10',
        end: '2027-07-13',
      },
      // The blackout's last night is Aug 3: DTEND is the day after.
      {
        uid: expect.stringMatching(/^blackout-/),
        summary: 'Not available',
        start: '2027-08-01',
        end: '2027-08-04',
      },
    ]);
    for (const secret of [
      'Maria',
      'maria.clara',
      'Roof',
      'Juan',
      booking.booking_reference,
      'echo-',
    ]) {
      expect(text).not.toContain(secret);
    }

    // The UID stays the line's while the booking changes.
    const uid = events[0]!.uid;
    const edit = await manager.inject({
      method: 'PATCH',
      url: `/api/bookings/${booking.booking_id}`,
      payload: { special_requests: 'Late arrival' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const again = new ICAL.Component(
      ICAL.parse((await t.app.inject({ method: 'GET', url: pathOf(url) })).body),
    );
    expect(again.getAllSubcomponents('vevent')[0]!.getFirstPropertyValue('uid')).toBe(uid);
  });

  it('answers If-None-Match with 304 until the calendar changes', async () => {
    const unit = await createUnit(t.database);
    const path = pathOf(await exportUrl(unit.unit_id));
    const first = await t.app.inject({ method: 'GET', url: path });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const cached = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    await createBooking(t.database, unit.unit_id, {
      check_in: '2027-10-01',
      check_out: '2027-10-02',
    });
    const changed = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('answers a wrong token with 404; rotate and revoke end the old URL', async () => {
    const unit = await createUnit(t.database);
    const first = pathOf(await exportUrl(unit.unit_id));
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(200);
    for (const wrong of [
      '/api/public/ical/nope.ics',
      `/api/public/ical/${'A'.repeat(43)}.ics`,
      first.replace(/.\.ics$/, '_.ics'),
    ]) {
      expect((await t.app.inject({ method: 'GET', url: wrong })).statusCode).toBe(404);
    }
    // Reading the URL again keeps it.
    expect(pathOf(await exportUrl(unit.unit_id))).toBe(first);

    const rotated = await manager.inject({
      method: 'POST',
      url: `/api/units/${unit.unit_id}/ical/rotate`,
    });
    expect(rotated.statusCode).toBe(200);
    const second = pathOf((rotated.json() as { data: { export_url: string } }).data.export_url);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);

    const revoked = await manager.inject({
      method: 'DELETE',
      url: `/api/units/${unit.unit_id}/ical`,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    const after = await manager.inject({ method: 'GET', url: `/api/units/${unit.unit_id}/ical` });
    expect((after.json() as { data: { export_url: string | null } }).data.export_url).toBeNull();

    // Staff may not see the secret URL; the token is redacted in the audit trail.
    expect(
      (await staff.inject({ method: 'GET', url: `/api/units/${unit.unit_id}/ical` })).statusCode,
    ).toBe(403);
    const audit = await t.database.query<{ new_data: { token: string } }>(
      `SELECT new_data FROM audit_logs WHERE table_name = 'channel_export_tokens' AND record_id = $1`,
      [unit.unit_id],
    );
    expect(audit.length).toBeGreaterThan(0);
    for (const row of audit) expect(row.new_data.token).toBe('[REDACTED]');
  });

  it('round trip: another install importing this export blocks exactly the same nights', async () => {
    const { unit } = await cabinWithEverything();
    const path = pathOf(await exportUrl(unit.unit_id));
    // The test server relays this install's export, as the internet would.
    server.set('/relay.ics', (_req, res) => {
      void t.app.inject({ method: 'GET', url: path }).then((answer) => {
        res.writeHead(answer.statusCode, { 'content-type': 'text/calendar' }).end(answer.body);
      });
    });
    const other = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: '1' } });
    try {
      setNow(other, '2027-06-01');
      const otherManager = await signInAs(other, 'manager');
      const otherUnit = await createUnit(other.database);
      const feed = await otherManager.inject({
        method: 'POST',
        url: `/api/units/${otherUnit.unit_id}/feeds`,
        payload: { name: 'Our other resort', url: server.url('/relay.ics'), channel: 'Other' },
      });
      const feedId = (feed.json() as { data: { feed_id: string } }).data.feed_id;
      const synced = await otherManager.inject({
        method: 'POST',
        url: `/api/feeds/${feedId}/sync`,
      });
      expect((synced.json() as { data: { last_error: string | null } }).data.last_error).toBeNull();

      const range = 'from=2027-07-01&to=2027-09-30';
      const takenHere = (
        (await t.app.inject({ method: 'GET', url: `/api/public/calendar?${range}` })).json() as {
          units: { unit_id: string; taken: string[]; blocked: string[] }[];
        }
      ).units.find((u) => u.unit_id === unit.unit_id)!;
      const takenThere = (
        (
          await other.app.inject({ method: 'GET', url: `/api/public/calendar?${range}` })
        ).json() as {
          units: { unit_id: string; taken: string[]; blocked: string[] }[];
        }
      ).units.find((u) => u.unit_id === otherUnit.unit_id)!;
      // Here: the booking's nights and the blackout's (the imported hold is not exported).
      const exported = [...takenHere.taken, ...takenHere.blocked]
        .filter((night) => night < '2027-09-01')
        .sort();
      expect(exported).toEqual([
        '2027-07-10',
        '2027-07-11',
        '2027-07-12',
        '2027-08-01',
        '2027-08-02',
        '2027-08-03',
      ]);
      expect(takenThere.taken).toEqual(exported);
    } finally {
      await other.close();
    }
  });

  it('issue 24: the one-statement export is what the rows give, byte for byte, for a hostile name', async () => {
    // ical-format.test.ts proves buildCalendar writes what ical.js wrote.
    const name = 'Kubo, "A"; back\\slash — ' + 'ñé🌊'.repeat(8);
    const unit = await createUnit(t.database, { unit_name: name });
    for (const [check_in, check_out] of [
      ['2027-08-05', '2027-08-09'],
      ['2027-05-30', '2027-06-02'],
      ['2027-05-20', '2027-05-23'],
      ['2027-06-02', '2027-06-04'],
      ['2027-06-10', '2027-06-12'],
    ] as const) {
      await createBooking(t.database, unit.unit_id, { check_in, check_out });
    }
    // Stamps with microseconds: the export keeps whole seconds, as a JS Date gave them.
    await t.database.query(
      `UPDATE booking_units SET updated_at = '2027-05-31 23:59:59.999999+00' WHERE unit_id = $1`,
      [unit.unit_id],
    );
    for (const [start, end] of [
      ['2027-09-01', '2027-09-03'],
      ['2027-04-01', '2027-04-30'],
      ['2027-06-20', '2027-06-20'],
    ] as const) {
      const blackout = await manager.inject({
        method: 'POST',
        url: '/api/blackouts',
        payload: { unit_id: unit.unit_id, start_date: start, end_date: end, reason: 'Repairs' },
      });
      expect(blackout.statusCode, blackout.body).toBe(201);
    }
    const response = await t.app.inject({
      method: 'GET',
      url: pathOf(await exportUrl(unit.unit_id)),
    });
    expect(response.statusCode).toBe(200);
    const lines = await t.database.query<{
      booking_unit_id: string;
      check_in: string;
      check_out: string;
      updated_at: Date;
    }>(
      `SELECT booking_unit_id, check_in, check_out, updated_at FROM booking_units
        WHERE unit_id = $1 AND booking_status <> 'Cancelled' AND check_out > '2027-06-01'
        ORDER BY check_in, booking_unit_id`,
      [unit.unit_id],
    );
    const blackouts = await t.database.query<{
      blackout_id: string;
      start_date: string;
      end_date: string;
      updated_at: Date;
    }>(
      `SELECT blackout_id, start_date, end_date + 1 AS end_date, updated_at
         FROM availability_blackouts WHERE unit_id = $1 AND end_date >= '2027-06-01'
        ORDER BY start_date, blackout_id`,
      [unit.unit_id],
    );
    expect(lines.map((line) => line.check_in)).toEqual([
      '2027-05-30',
      '2027-06-02',
      '2027-06-10',
      '2027-08-05',
    ]);
    expect(blackouts).toHaveLength(2);
    expect(response.body).toBe(
      buildCalendar(name, [
        ...lines.map((line) => ({
          uid: `line-${line.booking_unit_id}@resort-booking`,
          summary: 'Reserved',
          start_date: line.check_in,
          end_date: line.check_out,
          stamp: line.updated_at,
        })),
        ...blackouts.map((blackout) => ({
          uid: `blackout-${blackout.blackout_id}@resort-booking`,
          summary: 'Not available',
          start_date: blackout.start_date,
          end_date: blackout.end_date,
          stamp: blackout.updated_at,
        })),
      ]),
    );
    expect(response.body).toContain('DTSTAMP:20270531T235959Z');
  });
});
