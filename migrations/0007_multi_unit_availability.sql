-- SPEC §7 RPC check_multi_unit_availability(check-in, check-out, optional unit id list) behind
-- GET /api/availability/multi-unit. One row per requested unit (every unit when the list is null),
-- in the order asked. A unit is available when nothing below conflicts with the nights
-- [p_check_in, p_check_out) (DESIGN §3):
--   * a booking line that is not cancelled and whose nights overlap;
--   * a blackout whose inclusive days overlap;
--   * a unit status other than Available (SPEC §2: only Available units are offered);
--   * a unit id that names no unit.
-- Each conflict carries a type and a human reason; booking conflicts name the booking.
CREATE FUNCTION check_multi_unit_availability(
  p_check_in date,
  p_check_out date,
  p_unit_ids uuid[] DEFAULT NULL
)
RETURNS TABLE (unit_id uuid, is_available boolean, conflicting_bookings jsonb)
LANGUAGE sql
STABLE
AS $$
  WITH requested AS (
    SELECT r.id AS unit_id, r.ord
      FROM unnest(p_unit_ids) WITH ORDINALITY AS r(id, ord)
     WHERE p_unit_ids IS NOT NULL
    UNION ALL
    SELECT u.unit_id, row_number() OVER (ORDER BY u.unit_name, u.unit_id)
      FROM units u
     WHERE p_unit_ids IS NULL
  ),
  conflicts AS (
    SELECT bu.unit_id, b.check_in AS sort_date,
           jsonb_build_object(
             'type', 'booking',
             'booking_id', b.booking_id,
             'booking_reference', b.booking_reference,
             'booking_status', b.booking_status,
             'check_in', to_char(b.check_in, 'YYYY-MM-DD'),
             'check_out', to_char(b.check_out, 'YYYY-MM-DD'),
             'reason', 'Booked from ' || to_char(b.check_in, 'Mon DD, YYYY')
                       || ' to ' || to_char(b.check_out, 'Mon DD, YYYY')
           ) AS conflict
      FROM booking_units bu
      JOIN bookings b ON b.booking_id = bu.booking_id
     WHERE bu.unit_id IN (SELECT unit_id FROM requested)
       AND bu.booking_status <> 'Cancelled'
       AND daterange(bu.check_in, bu.check_out, '[)')
           && daterange(p_check_in, p_check_out, '[)')
    UNION ALL
    SELECT ab.unit_id, ab.start_date,
           jsonb_build_object(
             'type', 'blackout',
             'blackout_id', ab.blackout_id,
             'check_in', to_char(ab.start_date, 'YYYY-MM-DD'),
             'check_out', to_char(ab.end_date, 'YYYY-MM-DD'),
             'reason', 'Blocked from ' || to_char(ab.start_date, 'Mon DD, YYYY')
                       || ' to ' || to_char(ab.end_date, 'Mon DD, YYYY')
                       || coalesce(': ' || nullif(ab.reason, ''), '')
           )
      FROM availability_blackouts ab
     WHERE ab.unit_id IN (SELECT unit_id FROM requested)
       AND daterange(ab.start_date, ab.end_date, '[]')
           && daterange(p_check_in, p_check_out, '[)')
    UNION ALL
    SELECT u.unit_id, NULL::date,
           jsonb_build_object(
             'type', 'unit_status',
             'unit_status', u.unit_status,
             'reason', 'Cabin status is ' || u.unit_status
           )
      FROM units u
     WHERE u.unit_id IN (SELECT unit_id FROM requested)
       AND u.unit_status <> 'Available'
  )
  SELECT r.unit_id,
         u.unit_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM conflicts c WHERE c.unit_id = r.unit_id),
         CASE
           WHEN u.unit_id IS NULL THEN
             jsonb_build_array(jsonb_build_object('type', 'not_found', 'reason', 'Cabin not found'))
           ELSE coalesce(
             (SELECT jsonb_agg(c.conflict ORDER BY c.sort_date NULLS FIRST)
                FROM conflicts c WHERE c.unit_id = r.unit_id),
             '[]'::jsonb)
         END
    FROM requested r
    LEFT JOIN units u ON u.unit_id = r.unit_id
   ORDER BY r.ord;
$$;
