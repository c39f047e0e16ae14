import type { Database } from '../db/client';

/**
 * Issue 23: the reports' SQL. Money comes back in whole centavos (bigint, read as exact JavaScript
 * integers), never as a float sum; the figures are worked out in src/domain/reports.ts.
 */

export type ReportUnitRow = { unit_id: string; unit_name: string };
export type ReportBlockRow = { unit_id: string; start_date: string; end_date: string };

export async function findReportUnits(database: Database): Promise<ReportUnitRow[]> {
  return database.query<ReportUnitRow>(
    'SELECT unit_id, unit_name FROM units ORDER BY unit_name, unit_code',
  );
}

/** Out-of-order and maintenance blocks touching [from, to). */
export async function findOutOfOrderBlocks(
  database: Database,
  range: { from: string; to: string },
): Promise<ReportBlockRow[]> {
  return database.query<ReportBlockRow>(
    `SELECT unit_id, start_date, end_date FROM availability_blackouts
      WHERE kind IN ('out_of_order', 'maintenance')
        AND start_date < $2::date AND end_date >= $1::date`,
    [range.from, range.to],
  );
}

export type ReportSoldRow = {
  /** 'month', 'unit' or 'source': which of the three columns names the slice. */
  level: 'month' | 'unit' | 'source';
  month: string | null;
  unit_id: string | null;
  source: string | null;
  /** Bookings with a night in the slice. */
  bookings: number;
  sold: number;
  /** Centavos, as text (exact beyond 2^53). */
  room: string;
  extras: string;
  fees: string;
};

/**
 * The nights sold in [from, to) and their revenue per month, per cabin and per source, with the
 * bookings that have a night in each: report_nights (migration 0027, kept by triggers) summed
 * per booking first, so each booking counts once per slice without a DISTINCT. Exported for
 * `npm run bench`, which runs it raw beside the endpoint.
 */
export const REPORT_SOLD_SQL = `SELECT CASE level WHEN 1 THEN 'month' WHEN 2 THEN 'unit' ELSE 'source' END AS level,
            to_char(month, 'YYYY-MM') AS month, unit_id, source,
            count(*)::int AS bookings, sum(sold)::int AS sold,
            sum(room)::text AS room, sum(extras)::text AS extras, sum(fees)::text AS fees
       FROM (SELECT grouping(month, unit_id) AS level, month, unit_id, source,
                    count(*) AS sold, sum(room) AS room, sum(extras) AS extras, sum(fees) AS fees
               FROM report_nights
              WHERE night >= $1::date AND night < $2::date
              GROUP BY GROUPING SETS ((booking_id, source, month), (booking_id, source, unit_id),
                                      (booking_id, source))) per_booking
      GROUP BY 1, 2, 3, 4`;

export async function findReportSold(
  database: Database,
  range: { from: string; to: string },
): Promise<ReportSoldRow[]> {
  return database.query<ReportSoldRow>(REPORT_SOLD_SQL, [range.from, range.to], {
    prepare: 'report_sold',
  });
}

/**
 * The same figures for a range of whole months [from, to) (both the first day of a month), read
 * from report_months (migration 0028): one row per booking, cabin and month, about half the rows
 * of report_nights and no grouping per booking. Its markers count each booking once per slice:
 * once in a month (first_in_month), once in a cabin over the range (its first month there in the
 * range) and once in all (its first month in the range). The same answer as REPORT_SOLD_SQL,
 * summed per slice (tests/integration/reports/report-nights.test.ts compares both).
 */
export const REPORT_SOLD_MONTHS_SQL = `SELECT CASE grouping(month, unit_id) WHEN 1 THEN 'month' WHEN 2 THEN 'unit' ELSE 'source' END AS level,
            to_char(month, 'YYYY-MM') AS month, unit_id, source,
            (CASE grouping(month, unit_id)
               WHEN 1 THEN count(*) FILTER (WHERE first_in_month)
               WHEN 2 THEN count(*) FILTER (WHERE previous_unit_month IS NULL
                                              OR previous_unit_month < $1::date)
               ELSE count(*) FILTER (WHERE first_in_month
                                       AND (previous_month IS NULL OR previous_month < $1::date))
             END)::int AS bookings,
            sum(nights)::int AS sold,
            sum(room)::text AS room, sum(extras)::text AS extras, sum(fees)::text AS fees
       FROM report_months
      WHERE month >= $1::date AND month < $2::date
      GROUP BY GROUPING SETS ((month), (unit_id), (source))`;

export async function findReportSoldByMonths(
  database: Database,
  range: { from: string; to: string },
): Promise<ReportSoldRow[]> {
  return database.query<ReportSoldRow>(REPORT_SOLD_MONTHS_SQL, [range.from, range.to], {
    prepare: 'report_sold_months',
  });
}

export type ReportSoldTotalRow = { sold: number; room: string; extras: string; fees: string };

/** The nights sold in [from, to) and their revenue, in all (a comparison's figures). */
export const REPORT_SOLD_TOTAL_SQL = `SELECT count(*)::int AS sold, coalesce(sum(room), 0)::text AS room,
            coalesce(sum(extras), 0)::text AS extras, coalesce(sum(fees), 0)::text AS fees
       FROM report_nights
      WHERE night >= $1::date AND night < $2::date`;

export async function findReportSoldTotal(
  database: Database,
  range: { from: string; to: string },
): Promise<ReportSoldTotalRow> {
  const [row] = await database.query<ReportSoldTotalRow>(
    REPORT_SOLD_TOTAL_SQL,
    [range.from, range.to],
    { prepare: 'report_sold_total' },
  );
  return row!;
}

/** The totals of a range of whole months, from report_months. */
export const REPORT_SOLD_TOTAL_MONTHS_SQL = `SELECT coalesce(sum(nights), 0)::int AS sold,
            coalesce(sum(room), 0)::text AS room, coalesce(sum(extras), 0)::text AS extras,
            coalesce(sum(fees), 0)::text AS fees
       FROM report_months
      WHERE month >= $1::date AND month < $2::date`;

export async function findReportSoldTotalByMonths(
  database: Database,
  range: { from: string; to: string },
): Promise<ReportSoldTotalRow> {
  const [row] = await database.query<ReportSoldTotalRow>(
    REPORT_SOLD_TOTAL_MONTHS_SQL,
    [range.from, range.to],
    { prepare: 'report_sold_total_months' },
  );
  return row!;
}

export type ReportBookingStatsRow = {
  arrivals: number;
  cancellations: number;
  no_shows: number;
  average_lead_time: number;
  average_length_of_stay: number;
};

/**
 * Bookings arriving in [from, to): how many, how many were cancelled, and how many of those were
 * no-shows (cancelled on or after the arrival day in the resort's zone); lead time (days from
 * booking to arrival) and length of stay of the ones not cancelled.
 */
export async function findBookingStats(
  database: Database,
  range: { from: string; to: string; timezone: string },
): Promise<ReportBookingStatsRow> {
  const [row] = await database.query<ReportBookingStatsRow>(
    `SELECT count(*)::int AS arrivals,
            count(*) FILTER (WHERE booking_status = 'Cancelled')::int AS cancellations,
            count(*) FILTER (WHERE booking_status = 'Cancelled'
              AND (cancelled_at AT TIME ZONE $3)::date >= check_in)::int AS no_shows,
            coalesce(round(avg(check_in - (created_at AT TIME ZONE $3)::date)
              FILTER (WHERE booking_status <> 'Cancelled'), 2), 0) AS average_lead_time,
            coalesce(round(avg(check_out - check_in)
              FILTER (WHERE booking_status <> 'Cancelled'), 2), 0) AS average_length_of_stay
       FROM bookings
      WHERE check_in >= $1::date AND check_in < $2::date`,
    [range.from, range.to, range.timezone],
  );
  return row!;
}

export type ReportExpenseRow = { category: string; month: string; amount: number };

/** Expenses dated in [from, to), in centavos by category and month. */
export async function findExpensesByMonth(
  database: Database,
  range: { from: string; to: string },
): Promise<ReportExpenseRow[]> {
  return database.query<ReportExpenseRow>(
    `SELECT category, to_char(expense_date, 'YYYY-MM') AS month,
            (sum(amount) * 100)::bigint AS amount
       FROM expenses
      WHERE expense_date >= $1::date AND expense_date < $2::date
      GROUP BY 1, 2
      ORDER BY 2, 1`,
    [range.from, range.to],
  );
}

export type ReportBalanceRow = {
  booking_id: string;
  booking_reference: string;
  guest_name: string;
  check_in: string;
  balance_due_date: string;
  balance: number;
};

/**
 * Bookings not cancelled whose folio has a balance due (Σ amount > 0), in centavos. Paid and
 * overpaid bookings owe nothing by their folio's own status, so their entries are not summed.
 */
export async function findOutstandingBalances(database: Database): Promise<ReportBalanceRow[]> {
  return database.query<ReportBalanceRow>(
    `SELECT b.booking_id, b.booking_reference, b.guest_name, b.check_in,
            coalesce(b.balance_due_date, b.check_in) AS balance_due_date,
            (sum(f.amount) * 100)::bigint AS balance
       FROM bookings b
       JOIN folio_entries f ON f.booking_id = b.booking_id
      WHERE b.booking_status <> 'Cancelled' AND b.payment_status NOT IN ('Paid', 'Overpaid')
      GROUP BY b.booking_id
     HAVING sum(f.amount) > 0
      ORDER BY 5, b.booking_reference`,
  );
}

export type ReportPromoRow = { code: string; uses: number; released: number; discount: number };

/**
 * Promo codes used by the bookings arriving in [from, to): standing uses and the discount they
 * gave (centavos); uses given back by a cancellation are counted apart and cost nothing.
 */
export async function findPromoCodeUses(
  database: Database,
  range: { from: string; to: string },
): Promise<ReportPromoRow[]> {
  return database.query<ReportPromoRow>(
    `SELECT pc.code,
            count(*) FILTER (WHERE u.released_at IS NULL)::int AS uses,
            count(*) FILTER (WHERE u.released_at IS NOT NULL)::int AS released,
            (coalesce(sum(u.discount_amount) FILTER (WHERE u.released_at IS NULL), 0) * 100)::bigint
              AS discount
       FROM promo_code_uses u
       JOIN promo_codes pc ON pc.promo_code_id = u.promo_code_id
       JOIN bookings b ON b.booking_id = u.booking_id
      WHERE b.check_in >= $1::date AND b.check_in < $2::date
      GROUP BY pc.code
      ORDER BY pc.code`,
    [range.from, range.to],
  );
}
