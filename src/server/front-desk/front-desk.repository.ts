import type { Database } from '../db/client';

/** One booking on the day sheet, as the database answers it (dates as 'YYYY-MM-DD'). */
export type FrontDeskRow = {
  booking_id: string;
  booking_reference: string;
  guest_name: string;
  contact_number: string | null;
  email: string | null;
  num_guests: number;
  check_in: string;
  check_out: string;
  booking_status: string;
  payment_status: string;
  /** Σ of the folio's entries (numeric as text). */
  balance: string;
  special_requests: string | null;
  source: string;
  id_recorded: boolean;
  units: {
    unit_id: string;
    unit_name: string;
    unit_code: string;
    housekeeping_status: string;
    check_in: string;
    check_out: string;
  }[];
};

/** The day sheet's query ($1: the date); exported for the benchmark's raw side (bench/run.ts). */
export const FRONT_DESK_SQL = `SELECT b.booking_id, b.booking_reference, b.guest_name, b.contact_number, b.email,
            b.num_guests, to_char(b.check_in, 'YYYY-MM-DD') AS check_in,
            to_char(b.check_out, 'YYYY-MM-DD') AS check_out, b.booking_status, b.payment_status,
            (SELECT coalesce(sum(fe.amount), 0) FROM folio_entries fe
              WHERE fe.booking_id = b.booking_id)::text AS balance,
            b.special_requests, b.source, (b.id_number IS NOT NULL) AS id_recorded,
            coalesce((SELECT json_agg(json_build_object(
                        'unit_id', u.unit_id, 'unit_name', u.unit_name, 'unit_code', u.unit_code,
                        'housekeeping_status', u.housekeeping_status,
                        'check_in', to_char(bu.check_in, 'YYYY-MM-DD'),
                        'check_out', to_char(bu.check_out, 'YYYY-MM-DD'))
                        ORDER BY bu.check_in, u.unit_name)
                        FROM booking_units bu JOIN units u ON u.unit_id = bu.unit_id
                       WHERE bu.booking_id = b.booking_id), '[]'::json) AS units
       FROM bookings b
      WHERE (b.check_in = $1::date AND b.booking_status IN ('Pending', 'Confirmed', 'CheckedIn'))
         OR (b.booking_status = 'CheckedIn' AND b.check_in < $1::date AND b.check_out > $1::date)
         OR (b.booking_status IN ('CheckedIn', 'CheckedOut')
             AND (b.check_out = $1::date
                  OR EXISTS (SELECT 1 FROM booking_units bu
                              WHERE bu.booking_id = b.booking_id AND bu.check_out = $1::date)))
      ORDER BY lower(b.guest_name), b.booking_reference`;

/**
 * Issue 22: the bookings the front desk sees on `date` — arriving (check-in that day, not
 * cancelled or gone), in house (checked in, the date inside the stay) and departing (checked in
 * or out, the stay or one line of a split stay ending that day) — in one query, with each line's
 * cabin and its housekeeping status, and the folio's balance.
 */
export async function findFrontDeskRows(database: Database, date: string): Promise<FrontDeskRow[]> {
  const rows = await database.query<FrontDeskRow & { units: FrontDeskRow['units'] | string }>(
    FRONT_DESK_SQL,
    [date],
    { prepare: 'front_desk_day' },
  );
  return rows.map((row) => ({
    ...row,
    units:
      typeof row.units === 'string' ? (JSON.parse(row.units) as FrontDeskRow['units']) : row.units,
  }));
}
