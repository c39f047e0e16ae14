import type { Database } from '../db/client';

/** A booking line or a blackout of one unit, as one row of the calendar's second query. */
export type CalendarEntryRow = {
  kind: 'booking' | 'blackout' | 'hold';
  unit_id: string;
  id: string;
  booking_reference: string | null;
  guest_name: string | null;
  booking_status: string | null;
  payment_status: string | null;
  num_guests: number | null;
  /** A blackout's reason; a hold's channel. */
  reason: string | null;
  /** A hold's feed name and whether it is an open conflict. */
  feed_name: string | null;
  conflict: boolean | null;
  start_date: string;
  end_date: string;
};

/**
 * Every non-cancelled booking line and every blackout that touches [from, to], in one query: a
 * line's start/end are its own nights [in, out) (issue 22: a split stay's cabins differ); a blackout's are its
 * first and last blocked night. `includeDepartures` also returns stays whose check-out is `from`
 * (the day view needs the guests leaving that morning).
 */
export async function findCalendarEntries(
  database: Database,
  range: { from: string; to: string; unitId?: string; includeDepartures?: boolean },
): Promise<CalendarEntryRow[]> {
  const bookingRange = range.includeDepartures ? `'[]'` : `'[)'`;
  return database.query<CalendarEntryRow>(
    `SELECT 'booking' AS kind, bu.unit_id, b.booking_id AS id, b.booking_reference, b.guest_name,
            b.booking_status, b.payment_status, b.num_guests, NULL AS reason,
            NULL AS feed_name, NULL::boolean AS conflict,
            bu.check_in AS start_date, bu.check_out AS end_date
       FROM booking_units bu
       JOIN bookings b ON b.booking_id = bu.booking_id
      WHERE bu.booking_status <> 'Cancelled'
        AND daterange(bu.check_in, bu.check_out, ${bookingRange}) && daterange($1::date, $2::date, '[]')
        AND ($3::uuid IS NULL OR bu.unit_id = $3::uuid)
     UNION ALL
     SELECT 'blackout' AS kind, ab.unit_id, ab.blackout_id AS id, NULL, NULL, NULL, NULL, NULL,
            ab.reason, NULL, NULL, ab.start_date, ab.end_date
       FROM availability_blackouts ab
      WHERE daterange(ab.start_date, ab.end_date, '[]') && daterange($1::date, $2::date, '[]')
        AND ($3::uuid IS NULL OR ab.unit_id = $3::uuid)
     UNION ALL
     -- Issue 19: nights a channel holds, [start, end) like a stay, named by their channel.
     SELECT 'hold' AS kind, eh.unit_id, eh.hold_id AS id, NULL, NULL, NULL, NULL, NULL,
            f.channel, f.name, eh.conflict AND eh.resolved_at IS NULL, eh.start_date, eh.end_date
       FROM external_holds eh
       JOIN channel_feeds f ON f.feed_id = eh.feed_id
      WHERE daterange(eh.start_date, eh.end_date, '[)') && daterange($1::date, $2::date, '[]')
        AND ($3::uuid IS NULL OR eh.unit_id = $3::uuid)
      ORDER BY start_date, id`,
    [range.from, range.to, range.unitId ?? null],
  );
}

export type MultiUnitAvailabilityRow = {
  unit_id: string;
  is_available: boolean;
  conflicting_bookings: Record<string, unknown>[];
};

/** SPEC §7 RPC check_multi_unit_availability (migrations/0007); null ids ask about every unit. */
export async function checkMultiUnitAvailability(
  database: Database,
  stay: { check_in: string; check_out: string; unit_ids: string[] | null },
): Promise<MultiUnitAvailabilityRow[]> {
  return database.query<MultiUnitAvailabilityRow>(
    `SELECT unit_id, is_available, conflicting_bookings
       FROM check_multi_unit_availability($1::date, $2::date, $3::uuid[])`,
    [stay.check_in, stay.check_out, stay.unit_ids],
    { prepare: 'check_multi_unit_availability' },
  );
}
