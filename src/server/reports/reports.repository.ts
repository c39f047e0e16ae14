import type { Database } from '../db/client';

/**
 * Issue 23: the reports' SQL. Money comes back in whole centavos (bigint, read as exact JavaScript
 * integers), never as a float sum; the figures are worked out in src/domain/reports.ts.
 */

export type ReportUnitRow = { unit_id: string; unit_name: string };
export type ReportBlockRow = { unit_id: string; start_date: string; end_date: string };
export type ReportBookingRow = {
  booking_id: string;
  source: string;
  room_net: number;
  extras_net: number;
  fees_net: number;
  lines: { unit_id: string; check_in: string; check_out: string; subtotal: number }[];
};

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

/**
 * The bookings that are not cancelled and whose stay touches [from, to): their source, their
 * folio's room, extras and fees charges net of VAT and local tax (a reversal counted with the kind
 * of the entry it reverses; payments and refunds are not sales) and every line with its own nights.
 * The SQL is exported for `npm run bench`, which runs it raw beside the endpoint.
 */
export const REPORT_BOOKINGS_SQL = `SELECT b.booking_id, b.source,
            coalesce(m.room_net, 0) AS room_net,
            coalesce(m.extras_net, 0) AS extras_net,
            coalesce(m.fees_net, 0) AS fees_net,
            (SELECT json_agg(json_build_object(
                      'unit_id', bu.unit_id, 'check_in', bu.check_in, 'check_out', bu.check_out,
                      'subtotal', (bu.subtotal * 100)::bigint)
                    ORDER BY bu.check_in, bu.created_at, bu.booking_unit_id)
               FROM booking_units bu WHERE bu.booking_id = b.booking_id) AS lines
       FROM bookings b
       LEFT JOIN LATERAL (
         SELECT
           (sum(f.amount - f.vat_amount - f.local_tax_amount) FILTER (
              WHERE coalesce(t.kind, f.kind) IN ('lodging', 'discount', 'senior_pwd_discount')) * 100)::bigint
             AS room_net,
           (sum(f.amount - f.vat_amount - f.local_tax_amount) FILTER (
              WHERE coalesce(t.kind, f.kind) = 'extra') * 100)::bigint AS extras_net,
           (sum(f.amount - f.vat_amount - f.local_tax_amount) FILTER (
              WHERE coalesce(t.kind, f.kind) = 'fee') * 100)::bigint AS fees_net
           FROM folio_entries f
           LEFT JOIN folio_entries t ON t.entry_id = f.reverses_entry_id
          WHERE f.booking_id = b.booking_id
       ) m ON true
      WHERE b.booking_status <> 'Cancelled' AND b.check_in < $2::date AND b.check_out > $1::date
      ORDER BY b.check_in, b.booking_id`;

export async function findReportBookings(
  database: Database,
  range: { from: string; to: string },
): Promise<ReportBookingRow[]> {
  return database.query<ReportBookingRow>(REPORT_BOOKINGS_SQL, [range.from, range.to]);
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
