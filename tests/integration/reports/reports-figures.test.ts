import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '../../../src/domain/schemas/report.schema';
import type { SignedIn } from '../../support/auth';
import { createPayment, setNow } from '../../support/back-office';
import { createTestApp, type TestApp } from '../../support/test-app';
import { bookCabin, bookCabins, ok, openResort, setStatus, type Json } from './report-fixture';

/**
 * Issue 23 point 3: every report figure of a small fixture resort, worked out by hand below and
 * compared to the centavo (money) and to 0.1 percentage point (rates). The resort is built
 * through the real API — staff bookings, a multi-cabin booking, a move to another cabin (a split
 * stay), an early departure with the released nights refunded, an extra, a promo code, a refund,
 * a cancellation and a no-show — plus out-of-order and maintenance blocks written as the
 * housekeeping board and the maintenance log write them.
 *
 * Pricing is made plain (no seasons, weekends or automatic discounts; VAT 12% and local tax 1%
 * added on top), so a cabin's night costs its base rate net of taxes:
 *   A ₱2,000   B ₱3,000   C ₱1,500        The range is June 2027: [2027-06-01, 2027-07-01).
 */

let t: TestApp;
let manager: SignedIn;
let staff: SignedIn;
const cabin = { A: '', B: '', C: '' };
const ids: Record<string, string> = {};
const suffix = randomUUID().slice(0, 4).toUpperCase();

const JUNE = 'from=2027-06-01&to=2027-07-01';

async function setStatusOf(id: string, status: string) {
  await setStatus({ manager, staff }, id, status);
}

async function summary(query: string): Promise<Json> {
  return (await ok(await manager.inject({ method: 'GET', url: `/api/reports/summary?${query}` })))
    .data as Json;
}

beforeAll(async () => {
  t = await createTestApp();
  const resort = await openResort(t, { A: 2000, B: 3000, C: 1500 }, { name: 'Report', suffix });
  ({ manager, staff } = resort);
  Object.assign(cabin, resort.cabin);

  setNow(t, '2027-05-20');
  // B1 (phone): A, 29 May → 3 June, 5 nights; June holds 2 of them.
  ids.B1 = await bookCabin(staff, cabin.A, { check_in: '2027-05-29', check_out: '2027-06-03' });
  // B2 (walk-in): B, 5 → 8 June, paid ₱1,000 then cancelled before arrival (refunded by rule).
  ids.B2 = await bookCabin(
    staff,
    cabin.B,
    { check_in: '2027-06-05', check_out: '2027-06-08' },
    { source: 'walk_in' },
  );
  await createPayment(t.database, ids.B2, { payment_amount: 1000 });
  // B3: A and C together, 5 → 7 June (the multi-cabin wizard).
  ids.B3 = await bookCabins(staff, [cabin.A, cabin.C], {
    check_in: '2027-06-05',
    check_out: '2027-06-07',
  });
  // B4 (Messenger): A, 10 → 14 June; moves to C from the 12th (a split stay).
  ids.B4 = await bookCabin(
    staff,
    cabin.A,
    { check_in: '2027-06-10', check_out: '2027-06-14' },
    { source: 'messenger' },
  );
  // B5 (walk-in): B, 15 → 20 June with a ₱500 extra; leaves on the 17th, released nights refunded.
  ids.B5 = await bookCabin(
    staff,
    cabin.B,
    { check_in: '2027-06-15', check_out: '2027-06-20' },
    { source: 'walk_in' },
  );
  // B6 (Airbnb): C, 25 June → 3 July with a ₱1,001 promo code; June holds 6 of its 8 nights.
  const promo = `RPT${suffix}`;
  await ok(
    await manager.inject({
      method: 'POST',
      url: '/api/promo-codes',
      payload: { code: promo, kind: 'amount', value: 1001 },
    }),
    201,
  );
  ids.B6 = await bookCabin(
    staff,
    cabin.C,
    { check_in: '2027-06-25', check_out: '2027-07-03' },
    { source: 'airbnb', promo_code: promo },
  );
  // B7 (phone): B, 22 → 24 June, a no-show.
  ids.B7 = await bookCabin(staff, cabin.B, { check_in: '2027-06-22', check_out: '2027-06-24' });

  // Out of order: C 20–24 June (5 nights); maintenance on B 28 June – 2 July (3 June nights);
  // a plain blackout on A 26–27 June, which leaves the nights available (the owner's choice).
  await t.database.query(
    `INSERT INTO availability_blackouts (unit_id, start_date, end_date, reason, kind)
     VALUES ($1, '2027-06-20', '2027-06-24', 'Broken pump', 'out_of_order'),
            ($2, '2027-06-26', '2027-06-27', 'Owner''s family', 'blackout')`,
    [cabin.C, cabin.A],
  );
  const [issue] = await t.database.query<{ issue_id: string }>(
    `INSERT INTO maintenance_issues (unit_id, title, scheduled_from, scheduled_to)
     VALUES ($1, 'Repaint', '2027-06-28', '2027-07-02') RETURNING issue_id`,
    [cabin.B],
  );
  await t.database.query(
    `INSERT INTO availability_blackouts (unit_id, start_date, end_date, reason, kind, maintenance_issue_id)
     VALUES ($1, '2027-06-28', '2027-07-02', 'Repaint', 'maintenance', $2)`,
    [cabin.B, issue!.issue_id],
  );

  setNow(t, '2027-06-01');
  await ok(
    await manager.inject({
      method: 'POST',
      url: `/api/bookings/${ids.B2}/cancel`,
      payload: { reason: 'Change of plans' },
    }),
  );

  setNow(t, '2027-06-10');
  await setStatusOf(ids.B4, 'Confirmed');
  await setStatusOf(ids.B4, 'CheckedIn');
  await ok(
    await staff.inject({
      method: 'POST',
      url: `/api/bookings/${ids.B4}/move`,
      payload: { from_unit_id: cabin.A, to_unit_id: cabin.C, from_date: '2027-06-12' },
    }),
  );

  setNow(t, '2027-06-15');
  const extra = await ok(
    await manager.inject({
      method: 'POST',
      url: '/api/extras',
      payload: {
        name: `Breakfast ${suffix}`,
        price: 500,
        charge_per: 'stay',
        tax_treatment: 'vatable',
      },
    }),
    201,
  );
  await setStatusOf(ids.B5, 'Confirmed');
  await setStatusOf(ids.B5, 'CheckedIn');
  await ok(
    await staff.inject({
      method: 'POST',
      url: `/api/bookings/${ids.B5}/charges`,
      payload: { extra_id: (extra.data as Json).extra_id, quantity: 1 },
    }),
    201,
  );
  // Paid ₱5,000, then ₱2,000 of it refunded: money moved, not sales.
  await createPayment(t.database, ids.B5, { payment_amount: 5000 });
  await createPayment(t.database, ids.B5, { payment_amount: 2000, payment_status: 'Refunded' });
  setNow(t, '2027-06-16');
  await ok(
    await staff.inject({
      method: 'POST',
      url: `/api/bookings/${ids.B5}/early-departure`,
      payload: { check_out: '2027-06-17', refund: true, reason: 'Family emergency' },
    }),
  );

  setNow(t, '2027-06-22');
  await ok(
    await manager.inject({
      method: 'POST',
      url: `/api/bookings/${ids.B7}/cancel`,
      payload: { reason: 'Did not arrive', no_show: true },
    }),
  );

  // Expenses: two in June, one in May (outside the range).
  for (const [expense_date, category, amount] of [
    ['2027-06-03', 'Utilities', 2500.5],
    ['2027-06-15', 'Supplies', 1000],
    ['2027-05-31', 'Supplies', 999],
  ] as const) {
    await ok(
      await manager.inject({
        method: 'POST',
        url: '/api/expenses',
        payload: { expense_date, category, amount, description: `Report ${category}` },
      }),
      201,
    );
  }
});
afterAll(() => t.close());

/** Centavos and percentage points, for the comparisons. */
const cents = (pesos: number) => Math.round(pesos * 100);
const expectPercent = (fraction: number, expected: number) =>
  expect(Math.abs(fraction * 100 - expected)).toBeLessThan(0.1);

describe(`reports on the fixture resort (${process.env.TEST_DB})`, () => {
  it('counts the split stay in both cabins and the early departure as its kept nights', async () => {
    const lines = await t.database.query<{
      booking_id: string;
      unit_id: string;
      check_in: string;
      check_out: string;
    }>(
      'SELECT booking_id, unit_id, check_in, check_out FROM booking_units WHERE booking_id = ANY($1) ORDER BY check_in',
      [[ids.B4, ids.B5]],
    );
    expect(lines).toEqual([
      { booking_id: ids.B4, unit_id: cabin.A, check_in: '2027-06-10', check_out: '2027-06-12' },
      { booking_id: ids.B4, unit_id: cabin.C, check_in: '2027-06-12', check_out: '2027-06-14' },
      { booking_id: ids.B5, unit_id: cabin.B, check_in: '2027-06-15', check_out: '2027-06-17' },
    ]);
  });

  it('answers June by hand: nights, occupancy, ADR, RevPAR and revenue', async () => {
    const data = await summary(JUNE);
    // Available: 3 cabins × 30 nights − C out of order 5 − B under maintenance 3 (28–30 June).
    const available = 90 - 5 - 3;
    // Sold: B1 2 (A) + B3 4 (A 2, C 2) + B4 4 (A 2, C 2) + B5 2 (B) + B6 6 (C); B2, B7 cancelled.
    const sold = 2 + 4 + 4 + 2 + 6;
    // Room revenue, net of VAT and local tax:
    //   B1 ₱10,000 over 5 nights → 2 × ₱2,000 = 4,000
    //   B3 A 2 × 2,000 + C 2 × 1,500 = 7,000
    //   B4 4 × 2,000 = 8,000 (A 4,000 + C 4,000: the money stays as booked, split by nights)
    //   B5 5 × 3,000 = 15,000, 2 of 5 nights kept → 6,000
    //   B6 8 × 1,500 − 1,001 = 10,999 over 8 nights → 1,374.87 a night, the last 1,374.91;
    //      June's 6 nights → 8,249.22
    const b6June = 6 * 137487;
    const room = 400000 + 700000 + 800000 + 600000 + b6June;
    expect(data.room_nights_available).toBe(available);
    expect(data.room_nights_sold).toBe(sold);
    expect(cents(data.room_revenue as number)).toBe(room);
    expect(cents(data.extras_revenue as number)).toBe(50000); // B5's breakfast, net of tax
    expect(data.fees_revenue).toBe(0);
    expect(cents(data.total_revenue as number)).toBe(room + 50000);
    expectPercent(data.occupancy as number, (sold / available) * 100); // 21.95%
    expect(cents(data.adr as number)).toBe(Math.round(room / sold)); // ₱1,847.18
    expect(cents(data.revpar as number)).toBe(Math.round(room / available)); // ₱405.48
    expect(data.adr).toBe(1847.18);
    expect(data.revpar).toBe(405.48);
  });

  it('splits June by cabin and by source', async () => {
    const data = await summary(JUNE);
    const units = data.by_unit as Json[];
    const byName = (key: 'A' | 'B' | 'C') => units.find((u) => u.unit_id === cabin[key])!;
    expect(byName('A')).toMatchObject({
      room_nights_available: 30,
      room_nights_sold: 6,
      room_revenue: 12000,
    });
    expect(byName('B')).toMatchObject({
      room_nights_available: 27,
      room_nights_sold: 2,
      room_revenue: 6000,
      extras_revenue: 500,
      adr: 3000,
    });
    expect(byName('C')).toMatchObject({
      room_nights_available: 25,
      room_nights_sold: 10,
      room_revenue: (300000 + 400000 + 6 * 137487) / 100,
    });
    expectPercent(byName('C').occupancy as number, 40);

    const [multiSource] = await t.database.query<{ source: string }>(
      'SELECT source FROM bookings WHERE booking_id = $1',
      [ids.B3],
    );
    const expected: Record<string, { bookings: number; nights: number; room: number }> = {
      phone: { bookings: 1, nights: 2, room: 400000 },
      messenger: { bookings: 1, nights: 4, room: 800000 },
      walk_in: { bookings: 1, nights: 2, room: 600000 },
      airbnb: { bookings: 1, nights: 6, room: 6 * 137487 },
    };
    const multi = (expected[multiSource!.source] ??= { bookings: 0, nights: 0, room: 0 });
    multi.bookings += 1;
    multi.nights += 4;
    multi.room += 700000;
    const sources = data.by_source as Json[];
    expect(sources.map((row) => row.source).sort()).toEqual(Object.keys(expected).sort());
    for (const row of sources) {
      const want = expected[row.source as string]!;
      expect(row.bookings).toBe(want.bookings);
      expect(row.room_nights_sold).toBe(want.nights);
      expect(cents(row.room_revenue as number)).toBe(want.room);
    }
  });

  it('counts only the nights inside a range across the edges, month by month', async () => {
    // 30 May – 1 June: B1's nights 30 and 31 May and 1 June.
    const data = await summary('from=2027-05-30&to=2027-06-02');
    expect(data.room_nights_sold).toBe(3);
    expect(data.room_revenue).toBe(6000);
    expect(data.by_month).toMatchObject([
      { month: '2027-05', room_nights_available: 6, room_nights_sold: 2, room_revenue: 4000 },
      { month: '2027-06', room_nights_available: 3, room_nights_sold: 1, room_revenue: 2000 },
    ]);
    // B6's last night (2 July) takes the remainder: ₱1,374.91.
    const july = await summary('from=2027-07-02&to=2027-07-03');
    expect(july.room_revenue).toBe(1374.91);
    // The whole of B6 adds up to its ₱10,999 exactly.
    const whole = await summary('from=2027-06-25&to=2027-07-03');
    const c = (whole.by_unit as Json[]).find((u) => u.unit_id === cabin.C)!;
    expect(c.room_revenue).toBe(10999);
  });

  it('compares with the previous period and the same period last year', async () => {
    const data = await summary(JUNE);
    const comparison = data.comparison as { previous: Json; last_year: Json };
    // 2 – 31 May: B1's nights 29, 30 and 31 May in A (₱6,000); nothing was blocked.
    expect(comparison.previous).toMatchObject({
      from: '2027-05-02',
      to: '2027-06-01',
      room_nights_available: 90,
      room_nights_sold: 3,
      room_revenue: 6000,
      adr: 2000,
      revpar: 66.67,
    });
    expect(comparison.last_year).toMatchObject({
      from: '2026-06-01',
      to: '2026-07-01',
      room_nights_sold: 0,
      occupancy: 0,
      room_revenue: 0,
    });
  });

  it('counts bookings, cancellations and no-shows, lead time, stay length, promo codes and the P&L', async () => {
    const body = await ok(
      await manager.inject({ method: 'GET', url: `/api/reports/activity?${JUNE}` }),
    );
    const data = body.data as Json;
    // Arriving in June: B2, B3, B4, B5, B6, B7; cancelled B2 and B7; B7 a no-show.
    const created = await t.database.query<{ booking_id: string; lead: number }>(
      `SELECT booking_id, check_in - (created_at AT TIME ZONE 'Asia/Manila')::date AS lead
         FROM bookings WHERE booking_id = ANY($1)`,
      [[ids.B3, ids.B4, ids.B5, ids.B6]],
    );
    const lead = created.reduce((sum, row) => sum + Number(row.lead), 0) / 4;
    expect(data.bookings).toMatchObject({ arrivals: 6, cancellations: 2, no_shows: 1 });
    const bookings = data.bookings as Json;
    expectPercent(bookings.cancellation_rate as number, (2 / 6) * 100);
    expectPercent(bookings.no_show_rate as number, (1 / 6) * 100);
    // Stays not cancelled: B3 2, B4 4, B5 2 (after leaving early), B6 8 nights.
    expect(bookings.average_length_of_stay).toBe(4);
    expect(Math.abs((bookings.average_lead_time as number) - lead)).toBeLessThan(0.01);

    const [use] = await t.database.query<{ discount_amount: number }>(
      'SELECT discount_amount FROM promo_code_uses WHERE booking_id = $1',
      [ids.B6],
    );
    expect(data.promo_codes).toEqual([
      { code: `RPT${suffix}`, uses: 1, released: 0, discount_total: use!.discount_amount },
    ]);

    expect(data.expenses_by_category).toEqual([
      { category: 'Utilities', amount: 2500.5 },
      { category: 'Supplies', amount: 1000 },
    ]);
    const revenue = 400000 + 700000 + 800000 + 600000 + 6 * 137487 + 50000;
    expect(data.profit_and_loss).toEqual([
      {
        month: '2027-06',
        revenue: revenue / 100,
        expenses: 3500.5,
        profit: (revenue - 350050) / 100,
      },
    ]);
    expect(data.totals).toEqual({
      revenue: revenue / 100,
      expenses: 3500.5,
      profit: (revenue - 350050) / 100,
    });
  });

  it('ages the balances still due by their due date', async () => {
    setNow(t, '2027-07-20');
    const body = await ok(await manager.inject({ method: 'GET', url: '/api/reports/balances' }));
    const data = body.data as {
      as_of: string;
      buckets: { bucket: string; bookings: number; amount: number }[];
      total: number;
      bookings: { booking_id: string; balance: number; bucket: string; days_overdue: number }[];
    };
    expect(data.as_of).toBe('2027-07-20');
    // By hand: each booking's folio balance (the API's own), cancelled ones left out.
    const expected = new Map<string, number>();
    for (const key of ['B1', 'B3', 'B4', 'B5', 'B6']) {
      const folio = await ok(
        await staff.inject({ method: 'GET', url: `/api/bookings/${ids[key]}/folio` }),
      );
      const balance = (folio.data as Json).balance as number;
      if (balance > 0) expected.set(ids[key]!, balance);
    }
    expect(new Map(data.bookings.map((row) => [row.booking_id, row.balance]))).toEqual(expected);
    // B1 was due at check-in on 29 May: 52 days before 20 July → 31–60 days.
    const b1 = data.bookings.find((row) => row.booking_id === ids.B1)!;
    expect(b1).toMatchObject({ days_overdue: 52, bucket: 'days_31_60' });
    // B6 was due on 25 June: 25 days → 0–30.
    expect(data.bookings.find((row) => row.booking_id === ids.B6)).toMatchObject({
      bucket: 'days_0_30',
    });
    const total = [...expected.values()].reduce((sum, value) => sum + cents(value), 0);
    expect(cents(data.total)).toBe(total);
    expect(data.buckets.reduce((sum, row) => sum + cents(row.amount), 0)).toBe(total);
  });

  it('exports each table as CSV with the same numbers', async () => {
    const response = await manager.inject({
      method: 'GET',
      url: `/api/reports/export?${JUNE}&table=by_month`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="report-by-month-2027-06-01-to-2027-07-01.csv"',
    );
    const [header, row, more] = response.body.split('\r\n');
    expect(header).toBe(
      'Month,Room nights available,Room nights sold,Occupancy (%),ADR,RevPAR,Room revenue,Extras revenue,Fees revenue,Total revenue',
    );
    expect(row).toBe('2027-06,82,18,22,1847.18,405.48,33249.22,500,0,33749.22');
    expect(more).toBeUndefined();
    const units = await manager.inject({
      method: 'GET',
      url: `/api/reports/export?${JUNE}&table=by_unit`,
    });
    expect(units.body.split('\r\n')).toContain(
      `Report B ${suffix},27,2,7.4,3000,222.22,6000,500,0,6500`,
    );
  });

  it('refuses reversed, empty, too long and malformed ranges at `to`, and staff', async () => {
    for (const [query, message] of [
      ['from=2027-06-01&to=2027-06-01', REPORT_MESSAGES.reversed],
      ['from=2027-06-02&to=2027-06-01', REPORT_MESSAGES.reversed],
      ['from=2027-01-01&to=2030-01-02', REPORT_MESSAGES.tooLong],
    ] as const) {
      const body = await ok(
        await manager.inject({ method: 'GET', url: `/api/reports/summary?${query}` }),
        400,
      );
      expect(body.issues).toEqual([expect.objectContaining({ path: 'to', message })]);
    }
    expect(
      (
        await manager.inject({
          method: 'GET',
          url: '/api/reports/summary?from=2027-01-01&to=2030-01-01',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await manager.inject({
          method: 'GET',
          url: '/api/reports/summary?from=2027-02-30&to=2027-03-01',
        })
      ).statusCode,
    ).toBe(400);
    const refused = await staff.inject({ method: 'GET', url: `/api/reports/summary?${JUNE}` });
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body).message).toBe(
      'You do not have permission to view reports. Manager role required.',
    );
  });
});
