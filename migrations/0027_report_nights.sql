-- Issue 23 (decision 0030): the year's report summary within 200 ms. Every sold night of a booking
-- line is a row of report_nights with its share of the booking's room, extras and fees revenue,
-- net of VAT and local tax, in whole centavos, by the rules of src/domain/reports.ts:
--
-- * bookings that are not cancelled; each line counts its own nights [check_in, check_out);
-- * a booking's folio charges (lodging less discounts → room, extra → extras, fee → fees; a
--   reversal counted with the kind of the entry it reverses; payments and refunds are not sales)
--   are shared over its lines by their priced subtotals (by nights when none has one, equally
--   when no line has a night), each share rounded down and the remainder on the last line (lines
--   in check-in, creation, id order);
-- * each line's share is spread evenly over its nights, rounded down, the remainder on the last.
--
-- A report is then a sum over the nights of its range. The rows are written only here: the
-- triggers below rebuild a booking's nights in the same transaction as any write that changes
-- them (its folio, its lines, its status or source). Owner: the reports feature (reports/ reads
-- them; no code writes them). A restore rebuilds them all (db/backup.ts).

CREATE TABLE report_nights (
  booking_id uuid NOT NULL REFERENCES bookings (booking_id) ON DELETE CASCADE,
  booking_unit_id uuid NOT NULL,
  unit_id uuid NOT NULL,
  source text NOT NULL,
  night date NOT NULL,
  -- The first day of the night's month.
  month date NOT NULL,
  room bigint NOT NULL,
  extras bigint NOT NULL,
  fees bigint NOT NULL,
  PRIMARY KEY (booking_id, booking_unit_id, night)
);
CREATE INDEX report_nights_night_idx ON report_nights (night);

-- Rebuilds the nights of the given bookings (all of them when called with every booking id).
CREATE FUNCTION report_nights_refresh(p_bookings uuid[]) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  IF cardinality(p_bookings) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM report_nights r USING unnest(p_bookings) AS given(booking_id)
   WHERE r.booking_id = given.booking_id;
  INSERT INTO report_nights (booking_id, booking_unit_id, unit_id, source, night, month, room,
                             extras, fees)
  WITH booked AS (
    SELECT b.booking_id, b.source
      FROM (SELECT DISTINCT booking_id FROM unnest(p_bookings) AS given(booking_id)) given
      JOIN bookings b ON b.booking_id = given.booking_id
     WHERE b.booking_status <> 'Cancelled'
  ), money AS (
    SELECT f.booking_id,
           coalesce(sum(f.amount - f.vat_amount - f.local_tax_amount) FILTER (
             WHERE coalesce(t.kind, f.kind) IN ('lodging', 'discount', 'senior_pwd_discount')), 0)
             * 100 AS room,
           coalesce(sum(f.amount - f.vat_amount - f.local_tax_amount) FILTER (
             WHERE coalesce(t.kind, f.kind) = 'extra'), 0) * 100 AS extras,
           coalesce(sum(f.amount - f.vat_amount - f.local_tax_amount) FILTER (
             WHERE coalesce(t.kind, f.kind) = 'fee'), 0) * 100 AS fees
      FROM booked
      JOIN folio_entries f ON f.booking_id = booked.booking_id
      LEFT JOIN folio_entries t ON t.entry_id = f.reverses_entry_id
     GROUP BY f.booking_id
  ), lines AS (
    SELECT bu.booking_id, bu.booking_unit_id, bu.unit_id, bu.check_in, booked.source,
           greatest(bu.check_out - bu.check_in, 0) AS nights,
           row_number() OVER ordered = count(*) OVER whole AS last_line,
           CASE WHEN sum(bu.subtotal) OVER whole > 0 THEN bu.subtotal * 100
                WHEN sum(greatest(bu.check_out - bu.check_in, 0)) OVER whole > 0
                  THEN greatest(bu.check_out - bu.check_in, 0)
                ELSE 1 END AS weight,
           coalesce(m.room, 0) AS room, coalesce(m.extras, 0) AS extras,
           coalesce(m.fees, 0) AS fees
      FROM booked
      JOIN booking_units bu ON bu.booking_id = booked.booking_id
      LEFT JOIN money m ON m.booking_id = booked.booking_id
    WINDOW whole AS (PARTITION BY bu.booking_id),
           ordered AS (PARTITION BY bu.booking_id
                       ORDER BY bu.check_in, bu.created_at, bu.booking_unit_id)
  ), floored AS (
    -- Each line's proportional share, rounded down (floor, also below zero).
    SELECT l.*,
           div(l.room * l.weight, l.weights) - (mod(l.room * l.weight, l.weights) < 0)::int
             AS room_floor,
           div(l.extras * l.weight, l.weights) - (mod(l.extras * l.weight, l.weights) < 0)::int
             AS extras_floor,
           div(l.fees * l.weight, l.weights) - (mod(l.fees * l.weight, l.weights) < 0)::int
             AS fees_floor
      FROM (SELECT lines.*, sum(weight) OVER (PARTITION BY booking_id) AS weights
              FROM lines) l
  ), shared AS (
    -- The last line takes what the others leave.
    SELECT booking_id, booking_unit_id, unit_id, check_in, source, nights,
           CASE WHEN last_line THEN room - sum(room_floor) OVER whole + room_floor
                ELSE room_floor END AS room,
           CASE WHEN last_line THEN extras - sum(extras_floor) OVER whole + extras_floor
                ELSE extras_floor END AS extras,
           CASE WHEN last_line THEN fees - sum(fees_floor) OVER whole + fees_floor
                ELSE fees_floor END AS fees
      FROM floored
    WINDOW whole AS (PARTITION BY booking_id)
  ), per_night AS (
    SELECT s.*,
           div(s.room, s.nights) - (mod(s.room, s.nights) < 0)::int AS room_each,
           div(s.extras, s.nights) - (mod(s.extras, s.nights) < 0)::int AS extras_each,
           div(s.fees, s.nights) - (mod(s.fees, s.nights) < 0)::int AS fees_each
      FROM shared s
     WHERE s.nights > 0
  )
  -- Every night the same share, the last night the remainder.
  SELECT p.booking_id, p.booking_unit_id, p.unit_id, p.source, p.check_in + k,
         date_trunc('month', p.check_in + k)::date,
         CASE WHEN k = p.nights - 1 THEN p.room - p.room_each * (p.nights - 1)
              ELSE p.room_each END,
         CASE WHEN k = p.nights - 1 THEN p.extras - p.extras_each * (p.nights - 1)
              ELSE p.extras_each END,
         CASE WHEN k = p.nights - 1 THEN p.fees - p.fees_each * (p.nights - 1)
              ELSE p.fees_each END
    FROM per_night p
    CROSS JOIN LATERAL generate_series(0, p.nights - 1) AS k;
END;
$$;

-- A folio entry changes its booking's revenue (a payment or refund does not).
CREATE FUNCTION report_nights_after_folio() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM report_nights_refresh(ARRAY(
    SELECT DISTINCT booking_id FROM new_entries WHERE kind NOT IN ('payment', 'refund')));
  RETURN NULL;
END;
$$;

CREATE TRIGGER folio_entries_report_nights AFTER INSERT ON folio_entries
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION report_nights_after_folio();

-- A line added, removed, moved, extended or shortened, or re-priced (its subtotal weighs its
-- share). A change of the line's copied status alone changes nothing: the booking's status does.
CREATE FUNCTION report_nights_after_lines() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_nights_refresh(ARRAY(SELECT DISTINCT booking_id FROM new_lines));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_nights_refresh(ARRAY(SELECT DISTINCT booking_id FROM old_lines));
  ELSE
    PERFORM report_nights_refresh(ARRAY(
      SELECT n.booking_id FROM new_lines n JOIN old_lines o USING (booking_unit_id)
       WHERE (n.booking_id, n.unit_id, n.check_in, n.check_out, n.subtotal, n.created_at)
             IS DISTINCT FROM (o.booking_id, o.unit_id, o.check_in, o.check_out, o.subtotal,
                               o.created_at)
      UNION
      SELECT o.booking_id FROM new_lines n JOIN old_lines o USING (booking_unit_id)
       WHERE n.booking_id <> o.booking_id));
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER booking_units_report_nights_insert AFTER INSERT ON booking_units
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION report_nights_after_lines();
CREATE TRIGGER booking_units_report_nights_update AFTER UPDATE ON booking_units
  REFERENCING NEW TABLE AS new_lines OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION report_nights_after_lines();
CREATE TRIGGER booking_units_report_nights_delete AFTER DELETE ON booking_units
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION report_nights_after_lines();

-- A booking cancelled or reinstated, or its source changed.
CREATE FUNCTION report_nights_after_bookings() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM report_nights_refresh(ARRAY(
    SELECT n.booking_id FROM new_bookings n JOIN old_bookings o USING (booking_id)
     WHERE (n.booking_status = 'Cancelled') IS DISTINCT FROM (o.booking_status = 'Cancelled')
        OR n.source IS DISTINCT FROM o.source));
  RETURN NULL;
END;
$$;

CREATE TRIGGER bookings_report_nights AFTER UPDATE ON bookings
  REFERENCING NEW TABLE AS new_bookings OLD TABLE AS old_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION report_nights_after_bookings();

-- The nights of the bookings already there.
SELECT report_nights_refresh(ARRAY(SELECT booking_id FROM bookings));
