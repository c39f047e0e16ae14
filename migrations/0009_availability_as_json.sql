-- check_multi_unit_availability (0008), same answer, built as json instead of jsonb (issue 9;
-- decision 0013, fourth round). jsonb parses and re-encodes every conflict object it builds, and
-- the answer is only ever sent on as text; json concatenates. On the benchmark's data set (60
-- cabins, 3 nights, 97 conflicting lines) the function answers about 15% more calls a second,
-- and the HTTP endpoint about 13% more at 50 connections. A json object keeps its keys in the
-- order written; clients read the fields by name either way.
DROP FUNCTION check_multi_unit_availability(date, date, uuid[]);

CREATE FUNCTION check_multi_unit_availability(
  p_check_in date,
  p_check_out date,
  p_unit_ids uuid[] DEFAULT NULL
)
RETURNS TABLE (unit_id uuid, is_available boolean, conflicting_bookings json)
LANGUAGE plpgsql
STABLE
AS $$
BEGIN
  RETURN QUERY
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
    SELECT bu.unit_id, bu.check_in AS sort_date,
           json_build_object(
             'type', 'booking',
             'booking_id', bu.booking_id,
             'booking_reference', (SELECT b.booking_reference FROM bookings b WHERE b.booking_id = bu.booking_id),
             'booking_status', bu.booking_status,
             'check_in', to_char(bu.check_in, 'YYYY-MM-DD'),
             'check_out', to_char(bu.check_out, 'YYYY-MM-DD'),
             'reason', 'Booked from ' || to_char(bu.check_in, 'Mon DD, YYYY')
                       || ' to ' || to_char(bu.check_out, 'Mon DD, YYYY')
           ) AS conflict
      FROM booking_units bu
     WHERE bu.booking_status <> 'Cancelled'
       AND daterange(bu.check_in, bu.check_out, '[)')
           && daterange(p_check_in, p_check_out, '[)')
       AND (p_unit_ids IS NULL OR bu.unit_id = ANY (p_unit_ids))
    UNION ALL
    SELECT ab.unit_id, ab.start_date,
           json_build_object(
             'type', 'blackout',
             'blackout_id', ab.blackout_id,
             'check_in', to_char(ab.start_date, 'YYYY-MM-DD'),
             'check_out', to_char(ab.end_date, 'YYYY-MM-DD'),
             'reason', 'Blocked from ' || to_char(ab.start_date, 'Mon DD, YYYY')
                       || ' to ' || to_char(ab.end_date, 'Mon DD, YYYY')
                       || coalesce(': ' || nullif(ab.reason, ''), '')
           )
      FROM availability_blackouts ab
     WHERE daterange(ab.start_date, ab.end_date, '[]')
           && daterange(p_check_in, p_check_out, '[)')
       AND (p_unit_ids IS NULL OR ab.unit_id = ANY (p_unit_ids))
    UNION ALL
    SELECT u.unit_id, NULL::date,
           json_build_object(
             'type', 'unit_status',
             'unit_status', u.unit_status,
             'reason', 'Cabin status is ' || u.unit_status
           )
      FROM units u
     WHERE u.unit_status <> 'Available'
       AND (p_unit_ids IS NULL OR u.unit_id = ANY (p_unit_ids))
  ),
  by_unit AS (
    SELECT c.unit_id, json_agg(c.conflict ORDER BY c.sort_date NULLS FIRST) AS list
      FROM conflicts c
     GROUP BY c.unit_id
  )
  SELECT r.unit_id,
         u.unit_id IS NOT NULL AND bu.list IS NULL,
         CASE
           WHEN u.unit_id IS NULL THEN
             json_build_array(json_build_object('type', 'not_found', 'reason', 'Cabin not found'))
           ELSE coalesce(bu.list, '[]'::json)
         END
    FROM requested r
    LEFT JOIN units u ON u.unit_id = r.unit_id
    LEFT JOIN by_unit bu ON bu.unit_id = r.unit_id
   ORDER BY r.ord;
END;
$$;
