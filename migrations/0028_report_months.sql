-- Issue 23 (decision 0030, second step): the year's report summary reads a twelfth of the rows.
-- report_months holds, per booking, cabin and month, the sum of the booking's report_nights
-- there (nights and revenue in whole centavos), and three markers that let a report of whole
-- months count each booking once per slice without grouping by booking:
--
-- * first_in_month: true on one row of the booking's rows of a month (the lowest cabin id), so
--   a month's bookings are the rows so marked;
-- * previous_month: the booking's latest month with nights before this one (NULL for its first),
--   so a range [M1, M2) of whole months counts a booking once on the row of its first month in the
--   range: first_in_month and (previous_month IS NULL or previous_month < M1);
-- * previous_unit_month: the same for the booking in this cabin (a booking moved away and back
--   has a gap), so a cabin's bookings in [M1, M2) are its rows with previous_unit_month NULL or
--   before M1.
--
-- Kept with report_nights by report_nights_refresh, in the same statement-level triggers and the
-- same transactions (migration 0027). Owner: the reports feature, which only reads it.

CREATE TABLE report_months (
  booking_id uuid NOT NULL REFERENCES bookings (booking_id) ON DELETE CASCADE,
  unit_id uuid NOT NULL,
  source text NOT NULL,
  -- The first day of the month.
  month date NOT NULL,
  nights integer NOT NULL,
  room bigint NOT NULL,
  extras bigint NOT NULL,
  fees bigint NOT NULL,
  first_in_month boolean NOT NULL,
  previous_month date,
  previous_unit_month date,
  PRIMARY KEY (booking_id, unit_id, month)
);
CREATE INDEX report_months_month_idx ON report_months (month);

-- The nights' rebuild of migration 0027 keeps its body under a new name; report_nights_refresh,
-- which the triggers call, now rebuilds the nights and then the months of the same bookings.
ALTER FUNCTION report_nights_refresh(uuid[]) RENAME TO report_nights_rebuild;

CREATE FUNCTION report_nights_refresh(p_bookings uuid[]) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  IF cardinality(p_bookings) = 0 THEN
    RETURN;
  END IF;
  PERFORM report_nights_rebuild(p_bookings);
  DELETE FROM report_months r USING unnest(p_bookings) AS given(booking_id)
   WHERE r.booking_id = given.booking_id;
  INSERT INTO report_months (booking_id, unit_id, source, month, nights, room, extras, fees,
                             first_in_month, previous_month, previous_unit_month)
  SELECT m.booking_id, m.unit_id, m.source, m.month, m.nights, m.room, m.extras, m.fees,
         row_number() OVER (PARTITION BY m.booking_id, m.month ORDER BY m.unit_id) = 1,
         max(m.month) OVER (PARTITION BY m.booking_id ORDER BY m.month
                            RANGE BETWEEN UNBOUNDED PRECEDING AND '1 day' PRECEDING),
         lag(m.month) OVER (PARTITION BY m.booking_id, m.unit_id ORDER BY m.month)
    FROM (SELECT n.booking_id, n.unit_id, n.source, n.month, count(*)::int AS nights,
                 sum(n.room) AS room, sum(n.extras) AS extras, sum(n.fees) AS fees
            FROM report_nights n
            JOIN (SELECT DISTINCT booking_id FROM unnest(p_bookings) AS given(booking_id)) given
              ON given.booking_id = n.booking_id
           GROUP BY n.booking_id, n.unit_id, n.source, n.month) m;
END;
$$;

-- The months of the bookings already there.
SELECT report_nights_refresh(ARRAY(SELECT booking_id FROM bookings));
