import type { Database } from '../db/client';

export type DashboardFiguresRow = {
  unit_count: number;
  booked_nights: number;
  previous_booked_nights: number;
  revenue: number;
  previous_revenue: number;
  revenue_bookings: number;
  arrivals: number;
  previous_arrivals: number;
  departures: number;
  previous_departures: number;
  pending_payments: number;
  pending_over_24_hours: number;
};

/**
 * Every card's figure in one statement of aggregates (no rows are loaded). Booked nights are the
 * non-cancelled booking lines' nights inside the month ([check_in, check_out), DESIGN §3);
 * revenue is the non-cancelled bookings' total_amount by check-in month.
 */
export async function findDashboardFigures(
  database: Database,
  range: {
    monthStart: string;
    nextMonthStart: string;
    previousMonthStart: string;
    today: string;
    yesterday: string;
  },
): Promise<DashboardFiguresRow> {
  const [row] = await database.query<DashboardFiguresRow>(
    `WITH nights AS (
       SELECT
         coalesce(sum(least(bu.check_out, $2::date) - greatest(bu.check_in, $1::date))
           FILTER (WHERE bu.check_in < $2::date AND bu.check_out > $1::date), 0) AS current,
         coalesce(sum(least(bu.check_out, $1::date) - greatest(bu.check_in, $3::date))
           FILTER (WHERE bu.check_in < $1::date AND bu.check_out > $3::date), 0) AS previous
       FROM booking_units bu
       WHERE bu.booking_status <> 'Cancelled' AND bu.check_in < $2::date AND bu.check_out > $3::date
     ), money AS (
       SELECT
         coalesce(sum(total_amount) FILTER (WHERE check_in >= $1::date), 0) AS current,
         count(*) FILTER (WHERE check_in >= $1::date) AS current_count,
         coalesce(sum(total_amount) FILTER (WHERE check_in < $1::date), 0) AS previous
       FROM bookings
       WHERE booking_status <> 'Cancelled' AND check_in >= $3::date AND check_in < $2::date
     ), days AS (
       SELECT
         count(*) FILTER (WHERE check_in = $4::date) AS arrivals,
         count(*) FILTER (WHERE check_in = $5::date) AS previous_arrivals,
         count(*) FILTER (WHERE check_out = $4::date) AS departures,
         count(*) FILTER (WHERE check_out = $5::date) AS previous_departures
       FROM bookings
       WHERE booking_status <> 'Cancelled'
         AND (check_in IN ($4::date, $5::date) OR check_out IN ($4::date, $5::date))
     ), proofs AS (
       SELECT count(*) AS pending,
              count(*) FILTER (WHERE created_at < now() - interval '24 hours') AS over_24_hours
       FROM payments
       WHERE payment_status = 'Pending'
     )
     SELECT (SELECT count(*) FROM units)::int AS unit_count,
            nights.current::int AS booked_nights, nights.previous::int AS previous_booked_nights,
            money.current AS revenue, money.previous AS previous_revenue,
            money.current_count::int AS revenue_bookings,
            days.arrivals::int AS arrivals, days.previous_arrivals::int AS previous_arrivals,
            days.departures::int AS departures, days.previous_departures::int AS previous_departures,
            proofs.pending::int AS pending_payments, proofs.over_24_hours::int AS pending_over_24_hours
       FROM nights, money, days, proofs`,
    [
      range.monthStart,
      range.nextMonthStart,
      range.previousMonthStart,
      range.today,
      range.yesterday,
    ],
  );
  return row!;
}

export type DayBookingRow = {
  kind: 'arrival' | 'departure';
  booking_id: string;
  booking_reference: string;
  guest_name: string;
  num_guests: number;
  booking_status: string;
  payment_status: string;
  check_in: string;
  check_out: string;
  unit_names: string | null;
};

/** Today's non-cancelled arrivals and departures with their cabins' names, in one query. */
export async function findDayBookings(database: Database, today: string): Promise<DayBookingRow[]> {
  return database.query<DayBookingRow>(
    `SELECT CASE WHEN b.check_in = $1::date THEN 'arrival' ELSE 'departure' END AS kind,
            b.booking_id, b.booking_reference, b.guest_name, b.num_guests, b.booking_status,
            b.payment_status, b.check_in, b.check_out,
            (SELECT string_agg(u.unit_name, ', ' ORDER BY u.unit_name)
               FROM booking_units bu JOIN units u ON u.unit_id = bu.unit_id
              WHERE bu.booking_id = b.booking_id) AS unit_names
       FROM bookings b
      WHERE b.booking_status <> 'Cancelled' AND (b.check_in = $1::date OR b.check_out = $1::date)
      ORDER BY b.guest_name, b.booking_reference`,
    [today],
  );
}
