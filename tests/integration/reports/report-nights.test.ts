import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figuresOf, monthsOf, tallyReport, type ReportTallies } from '../../../src/domain/reports';
import type { SignedIn } from '../../support/auth';
import { createPayment, setNow } from '../../support/back-office';
import { createTestApp, type TestApp } from '../../support/test-app';
import { bookCabin, bookCabins, ok, openResort, setStatus, type Json } from './report-fixture';

/**
 * Decision 0030: report_nights (migration 0027) is kept by triggers in the writes' own
 * transactions. After every kind of write that changes a report — a booking, a multi-cabin
 * booking, an extra, a fee, a reversal, an edit of the stay, an extension, a move, an early
 * departure with its refund, a cancellation, a change of source — the maintained rows must equal
 * a rebuild from scratch, and the summary must equal the figures worked out in TypeScript
 * (src/domain/reports.ts tallyReport) from the bookings, their lines and their folios read anew.
 * Rates end in odd centavos so every share and every spread has a remainder.
 */

let t: TestApp;
let manager: SignedIn;
let staff: SignedIn;
const cabin = { A: '', B: '', C: '', D: '' };
const suffix = randomUUID().slice(0, 4).toUpperCase();

/** The bookings of a range, read as the endpoint read them before report_nights. */
const REFERENCE_SQL = `SELECT b.booking_id, b.source,
       coalesce((SELECT sum(f.amount - f.vat_amount - f.local_tax_amount) * 100 FROM folio_entries f
                  LEFT JOIN folio_entries r ON r.entry_id = f.reverses_entry_id
                 WHERE f.booking_id = b.booking_id
                   AND coalesce(r.kind, f.kind) IN ('lodging', 'discount', 'senior_pwd_discount')), 0)::bigint::text AS room,
       coalesce((SELECT sum(f.amount - f.vat_amount - f.local_tax_amount) * 100 FROM folio_entries f
                  LEFT JOIN folio_entries r ON r.entry_id = f.reverses_entry_id
                 WHERE f.booking_id = b.booking_id AND coalesce(r.kind, f.kind) = 'extra'), 0)::bigint::text AS extras,
       coalesce((SELECT sum(f.amount - f.vat_amount - f.local_tax_amount) * 100 FROM folio_entries f
                  LEFT JOIN folio_entries r ON r.entry_id = f.reverses_entry_id
                 WHERE f.booking_id = b.booking_id AND coalesce(r.kind, f.kind) = 'fee'), 0)::bigint::text AS fees,
       (SELECT json_agg(json_build_object('unit_id', bu.unit_id, 'check_in', bu.check_in,
                 'check_out', bu.check_out, 'subtotal', (bu.subtotal * 100)::bigint::text)
                 ORDER BY bu.check_in, bu.created_at, bu.booking_unit_id)
          FROM booking_units bu WHERE bu.booking_id = b.booking_id) AS lines
  FROM bookings b
 WHERE b.booking_status <> 'Cancelled' AND b.check_in < $2::date AND b.check_out > $1::date`;

type ReferenceRow = {
  booking_id: string;
  source: string;
  room: string;
  extras: string;
  fees: string;
  lines: { unit_id: string; check_in: string; check_out: string; subtotal: string }[] | null;
};

async function reference(from: string, to: string): Promise<ReportTallies> {
  const [units, blocks, bookings] = await Promise.all([
    t.database.query<{ unit_id: string; unit_name: string }>(
      'SELECT unit_id, unit_name FROM units',
    ),
    t.database.query<{ unit_id: string; start_date: string; end_date: string }>(
      `SELECT unit_id, start_date, end_date FROM availability_blackouts
        WHERE kind IN ('out_of_order', 'maintenance') AND start_date < $2::date AND end_date >= $1::date`,
      [from, to],
    ),
    t.database.query<ReferenceRow>(REFERENCE_SQL, [from, to]),
  ]);
  return tallyReport({
    from,
    to,
    units,
    blocks,
    bookings: bookings.map((row) => ({
      booking_id: row.booking_id,
      source: row.source,
      room_net: BigInt(row.room),
      extras_net: BigInt(row.extras),
      fees_net: BigInt(row.fees),
      lines: (row.lines ?? []).map((line) => ({ ...line, subtotal: BigInt(line.subtotal) })),
    })),
  });
}

const RANGES = [
  ['2028-03-01', '2028-05-01'], // the whole of the stays, two months
  ['2028-03-11', '2028-03-23'], // cut inside stays at both ends
  ['2028-04-01', '2028-04-02'], // one night
  ['2028-04-06', '2028-04-08'], // a shortened stay's last night and a released one
  // Whole months are read from report_months (migration 0028): stays cross both month edges.
  ['2028-03-01', '2028-04-01'],
  ['2028-04-01', '2028-05-01'],
  ['2028-02-01', '2028-06-01'],
  // A stay moved away from a cabin and back, with a whole month between (X7 below).
  ['2028-06-01', '2028-09-01'],
  ['2028-07-01', '2028-09-01'],
  ['2028-08-01', '2028-09-01'],
] as const;

/** The maintained rows equal a rebuild, and the summary equals the TypeScript reference. */
async function expectMaintained(step: string): Promise<void> {
  const read = () =>
    t.database.query(
      `SELECT booking_id, booking_unit_id, unit_id, source, night, month, room::text, extras::text, fees::text
         FROM report_nights ORDER BY booking_id, booking_unit_id, night`,
    );
  const readMonths = () =>
    t.database.query(
      `SELECT booking_id, unit_id, source, month, nights, room::text, extras::text, fees::text,
              first_in_month, previous_month, previous_unit_month
         FROM report_months ORDER BY booking_id, unit_id, month`,
    );
  const maintained = await read();
  const maintainedMonths = await readMonths();
  await t.database.query('SELECT report_nights_refresh(ARRAY(SELECT booking_id FROM bookings))');
  expect(await read(), `${step}: maintained rows = rebuilt rows`).toEqual(maintained);
  expect(await readMonths(), `${step}: maintained months = rebuilt months`).toEqual(
    maintainedMonths,
  );

  for (const [from, to] of RANGES) {
    const response = await manager.inject({
      method: 'GET',
      url: `/api/reports/summary?from=${from}&to=${to}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = (JSON.parse(response.body) as { data: Json }).data;
    const want = await reference(from, to);
    const where = `${step}, ${from} to ${to}`;
    expect(data, where).toMatchObject(figuresOf(want.total));
    expect(data.by_month, where).toEqual(
      monthsOf(from, to).map((month) => {
        const tally = want.by_month.get(month)!;
        return { month, bookings: tally.bookings, ...figuresOf(tally) };
      }),
    );
    for (const row of data.by_unit as Json[]) {
      const tally = want.by_unit.get(row.unit_id as string)!;
      expect(row, where).toMatchObject({ bookings: tally.bookings, ...figuresOf(tally) });
    }
    expect(
      Object.fromEntries((data.by_source as Json[]).map((row) => [row.source, row])),
      where,
    ).toEqual(
      Object.fromEntries(
        [...want.by_source].map(([source, tally]) => {
          const f = figuresOf(tally);
          return [
            source,
            {
              source,
              bookings: tally.bookings,
              room_nights_sold: f.room_nights_sold,
              room_revenue: f.room_revenue,
              extras_revenue: f.extras_revenue,
              fees_revenue: f.fees_revenue,
              total_revenue: f.total_revenue,
            },
          ];
        }),
      ),
    );
  }
}

async function checkIn(id: string) {
  await setStatus({ manager, staff }, id, 'Confirmed');
  await setStatus({ manager, staff }, id, 'CheckedIn');
}

beforeAll(async () => {
  t = await createTestApp();
  const resort = await openResort(
    t,
    { A: 1333.33, B: 2777.77, C: 999.99, D: 1500.01 },
    { name: 'Nights', suffix },
  );
  ({ manager, staff } = resort);
  Object.assign(cabin, resort.cabin);
  setNow(t, '2028-03-01');
});
afterAll(() => t.close());

describe(`report_nights, kept by triggers (${process.env.TEST_DB})`, () => {
  const ids = { X1: '', X2: '', X3: '', X5: '', X6: '', X7: '' };

  it('follows bookings, multi-cabin bookings, extras, fees and reversals', async () => {
    ids.X1 = await bookCabin(staff, cabin.A, { check_in: '2028-03-08', check_out: '2028-03-15' });
    ids.X2 = await bookCabin(
      staff,
      cabin.B,
      { check_in: '2028-03-20', check_out: '2028-03-27' },
      { source: 'walk_in' },
    );
    ids.X5 = await bookCabin(
      staff,
      cabin.D,
      { check_in: '2028-03-28', check_out: '2028-04-03' },
      { source: 'phone' },
    );
    await expectMaintained('bookings');

    ids.X3 = await bookCabins(staff, [cabin.A, cabin.C], {
      check_in: '2028-03-29',
      check_out: '2028-04-04',
    });
    await expectMaintained('multi-cabin booking');

    setNow(t, '2028-03-20');
    await checkIn(ids.X2);
    const extra = await ok(
      await manager.inject({
        method: 'POST',
        url: '/api/extras',
        payload: {
          name: `Kayak ${suffix}`,
          price: 333.33,
          charge_per: 'stay',
          tax_treatment: 'vatable',
        },
      }),
      201,
    );
    const charge = await ok(
      await staff.inject({
        method: 'POST',
        url: `/api/bookings/${ids.X2}/charges`,
        payload: { extra_id: (extra.data as Json).extra_id, quantity: 2 },
      }),
      201,
    );
    await ok(
      await staff.inject({
        method: 'POST',
        url: `/api/bookings/${ids.X2}/charges`,
        payload: { extra_id: (extra.data as Json).extra_id, quantity: 1 },
      }),
      201,
    );
    await expectMaintained('extras');

    // A fee (no endpoint writes one yet): the folio's own table, as a later feature would.
    await t.database.query(
      `INSERT INTO folio_entries (booking_id, kind, description, quantity, unit_amount, amount, tax_treatment)
       VALUES ($1, 'fee', 'Late check-out', 1, 450.55, 450.55, 'exempt')`,
      [ids.X2],
    );
    await expectMaintained('fee');

    const entries = (charge.data as { entries: Json[] }).entries;
    const chargeId = entries.find((entry) => entry.kind === 'extra')!.entry_id as string;
    await ok(
      await manager.inject({
        method: 'POST',
        url: `/api/bookings/${ids.X2}/folio/${chargeId}/reverse`,
        payload: { reason: 'Charged twice' },
      }),
      201,
    );
    await expectMaintained('reversal');
  });

  it('follows an edit of the stay, an extension, a move and an early departure', async () => {
    setNow(t, '2028-03-01');
    await ok(
      await manager.inject({
        method: 'PATCH',
        url: `/api/bookings/${ids.X1}`,
        payload: { check_in: '2028-03-09', check_out: '2028-03-16' },
      }),
    );
    await expectMaintained('edit of the stay');

    setNow(t, '2028-03-09');
    await checkIn(ids.X1);
    await ok(
      await staff.inject({
        method: 'POST',
        url: `/api/bookings/${ids.X1}/extend`,
        payload: { check_out: '2028-03-18' },
      }),
    );
    await expectMaintained('extension');

    setNow(t, '2028-03-11');
    await ok(
      await staff.inject({
        method: 'POST',
        url: `/api/bookings/${ids.X1}/move`,
        payload: { from_unit_id: cabin.A, to_unit_id: cabin.C, from_date: '2028-03-12' },
      }),
    );
    await expectMaintained('move');

    await createPayment(t.database, ids.X1, { payment_amount: 5000 });
    setNow(t, '2028-03-14');
    await ok(
      await staff.inject({
        method: 'POST',
        url: `/api/bookings/${ids.X1}/early-departure`,
        payload: { check_out: '2028-03-15', refund: true, reason: 'Called home' },
      }),
    );
    await expectMaintained('early departure');

    // Leaving early without a refund writes nothing to the folio: the line alone is shortened,
    // and its nights kept are worth the whole stay's revenue.
    ids.X6 = await bookCabin(staff, cabin.D, { check_in: '2028-04-05', check_out: '2028-04-10' });
    setNow(t, '2028-04-05');
    await checkIn(ids.X6);
    setNow(t, '2028-04-06');
    await ok(
      await staff.inject({
        method: 'POST',
        url: `/api/bookings/${ids.X6}/early-departure`,
        payload: { check_out: '2028-04-07', refund: false, reason: 'Weather' },
      }),
    );
    await expectMaintained('early departure, not refunded');

    // Moved from cabin A to B on the third night and back to A for the last: A has nights in
    // June and August and none in July, so a range from July counts the booking once in A.
    ids.X7 = await bookCabin(staff, cabin.A, { check_in: '2028-06-28', check_out: '2028-08-02' });
    setNow(t, '2028-06-28');
    await checkIn(ids.X7);
    await ok(
      await staff.inject({
        method: 'POST',
        url: `/api/bookings/${ids.X7}/move`,
        payload: { from_unit_id: cabin.A, to_unit_id: cabin.B, from_date: '2028-06-30' },
      }),
    );
    setNow(t, '2028-07-31');
    await ok(
      await staff.inject({
        method: 'POST',
        url: `/api/bookings/${ids.X7}/move`,
        payload: { from_unit_id: cabin.B, to_unit_id: cabin.A, from_date: '2028-08-01' },
      }),
    );
    await expectMaintained('moved away and back');
    const months = await t.database.query<{ unit_id: string; month: string }>(
      `SELECT unit_id, to_char(month, 'YYYY-MM') AS month FROM report_months
        WHERE booking_id = $1 ORDER BY month, unit_id`,
      [ids.X7],
    );
    expect(months.filter((row) => row.unit_id === cabin.A).map((row) => row.month)).toEqual([
      '2028-06',
      '2028-08',
    ]);
  });

  it('follows a cancellation and a change of source', async () => {
    setNow(t, '2028-03-15');
    await ok(
      await manager.inject({
        method: 'POST',
        url: `/api/bookings/${ids.X5}/cancel`,
        payload: { reason: 'Change of plans' },
      }),
    );
    await expectMaintained('cancellation');
    const [cancelled] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM report_nights WHERE booking_id = $1',
      [ids.X5],
    );
    expect(cancelled!.n).toBe(0);

    await t.database.query(`UPDATE bookings SET source = 'agoda' WHERE booking_id = $1`, [ids.X3]);
    await expectMaintained('change of source');
    const [agoda] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM report_nights WHERE booking_id = $1 AND source = 'agoda'`,
      [ids.X3],
    );
    expect(agoda!.n).toBe(12);
  });
});
