-- Issue 24, round three (decision 0028): what one creation costs the database itself.
-- Measured with auto_explain on a staff booking: create_booking took four times the raw insert,
-- most of it in work the result does not need twice:
--
-- * the report nights were rebuilt once per table written (the lines, then the folio): now the
--   triggers skip the rebuild while `app.report_nights_deferred` is on (set by create_booking
--   for its own statement, transaction-local) and create_booking rebuilds its booking once at
--   the end, from the same rows;
-- * each message was inserted, then updated with its job's id (two audit entries, two
--   statements per message): now the ids are drawn first and the messages are one INSERT.

-- Many rows of `tbl` from a JSON array of objects keyed by column names (the first object's keys
-- name the columns; the others have the same). Answers the rows as written, as a JSON array.
CREATE FUNCTION insert_json_rows(tbl regclass, r jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  cols text;
  written jsonb;
BEGIN
  SELECT string_agg(quote_ident(k), ', ') INTO cols FROM jsonb_object_keys(r -> 0) AS k;
  EXECUTE format(
    'WITH w AS (INSERT INTO %s AS t (%s) SELECT %s FROM jsonb_populate_recordset(NULL::%s, $1) '
    'RETURNING to_jsonb(t.*) AS row) SELECT coalesce(jsonb_agg(row), ''[]''::jsonb) FROM w',
    tbl, cols, cols, tbl)
  INTO written USING r;
  RETURN written;
END;
$$;

-- The rebuild of migration 0028, skipped while a creation defers it.
CREATE OR REPLACE FUNCTION report_nights_refresh(p_bookings uuid[]) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  -- create_booking rebuilds its booking once, at its end (round three).
  IF cardinality(p_bookings) = 0
     OR current_setting('app.report_nights_deferred', true) = 'on' THEN
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

CREATE OR REPLACE FUNCTION create_booking(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  a jsonb := p -> 'actor';
  g jsonb := p -> 'guest';
  v_guest jsonb;
  v_created boolean := false;
  v_booking jsonb;
  v_lines jsonb := '[]'::jsonb;
  v_messages jsonb := '[]'::jsonb;
  v_line jsonb;
  v_entry jsonb;
  v_index int := 0;
  v_state text;
  v_constraint text;
  v_text text;
  v_detail text;
  v_planned jsonb;
BEGIN
  -- One rebuild of the booking's report nights at the end instead of one per inserted table.
  PERFORM set_config('app.report_nights_deferred', 'on', true);

  IF a IS NOT NULL AND jsonb_typeof(a) = 'object' THEN
    PERFORM set_config('app.user_id', coalesce(a ->> 'user_id', ''), true),
            set_config('app.user_email', coalesce(a ->> 'email', ''), true),
            set_config('app.user_role', coalesce(a ->> 'role', ''), true),
            set_config('app.correlation_id', coalesce(a ->> 'correlation_id', ''), true),
            set_config('app.ip_address', coalesce(a ->> 'ip_address', ''), true),
            set_config('app.user_agent', coalesce(a ->> 'user_agent', ''), true);
  END IF;

  -- The price was worked out from these facts; a unit changed since is read again.
  IF EXISTS (
    SELECT 1
      FROM jsonb_to_recordset(p -> 'units') AS e(unit_id uuid, allowed text[], base_rate numeric,
             weekend_rate numeric, base_occupancy int, max_occupancy int, extra_person_rate numeric)
      LEFT JOIN units u ON u.unit_id = e.unit_id
     WHERE u.unit_id IS NULL OR NOT (u.unit_status = ANY (e.allowed))
        OR u.base_rate <> e.base_rate OR u.weekend_rate <> e.weekend_rate
        OR u.base_occupancy <> e.base_occupancy OR u.max_occupancy <> e.max_occupancy
        OR u.extra_person_rate <> e.extra_person_rate
  ) THEN
    RAISE EXCEPTION 'a unit changed while the booking was priced' USING ERRCODE = 'BKSTL';
  END IF;

  -- DESIGN §6 and decision 0015: the guest with this e-mail, taking the newest name, or a new
  -- one; issue 22: without an e-mail, the guest without one who has this phone number.
  IF nullif(g ->> 'email', '') IS NOT NULL THEN
    INSERT INTO guests AS t (guest_name, email, phone_number, total_bookings, total_spent)
    VALUES (g ->> 'guest_name', trim(g ->> 'email'), g ->> 'phone_number', 0, 0)
    ON CONFLICT DO NOTHING
    RETURNING to_jsonb(t.*) INTO v_guest;
    v_created := v_guest IS NOT NULL;
    IF NOT v_created THEN
      SELECT to_jsonb(t.*) INTO v_guest FROM guests t
       WHERE lower(t.email) = lower(trim(g ->> 'email')) LIMIT 1;
      IF v_guest IS NULL THEN
        RAISE EXCEPTION 'guest % neither inserted nor found', g ->> 'email';
      END IF;
    END IF;
  ELSE
    IF nullif(g ->> 'phone_number', '') IS NOT NULL THEN
      SELECT to_jsonb(t.*) INTO v_guest FROM guests t
       WHERE t.email IS NULL AND t.anonymized_at IS NULL AND t.phone_number = g ->> 'phone_number'
       ORDER BY t.created_at LIMIT 1;
    END IF;
    IF v_guest IS NULL THEN
      INSERT INTO guests AS t (guest_name, email, phone_number, total_bookings, total_spent)
      VALUES (g ->> 'guest_name', NULL, g ->> 'phone_number', 0, 0)
      RETURNING to_jsonb(t.*) INTO v_guest;
      v_created := true;
    END IF;
  END IF;
  IF NOT v_created AND v_guest ->> 'guest_name' IS DISTINCT FROM g ->> 'guest_name' THEN
    UPDATE guests t SET guest_name = g ->> 'guest_name'
     WHERE t.guest_id = (v_guest ->> 'guest_id')::uuid;
  END IF;

  v_booking := insert_json_row('bookings', (p -> 'booking') || jsonb_build_object(
    'guest_id', v_guest -> 'guest_id',
    'booking_reference', generate_booking_reference(coalesce(p ->> 'timezone', 'Asia/Manila')),
    'created_by_name', (SELECT u.name FROM users u WHERE u.id = (p -> 'booking' ->> 'created_by'))));

  -- A taken night names the line it was on (HINT line:<index>), for the 409 naming its cabin.
  BEGIN
    FOR v_line IN SELECT value FROM jsonb_array_elements(p -> 'lines') LOOP
      v_lines := v_lines || jsonb_build_array(insert_json_row('booking_units', v_line ||
        jsonb_build_object('booking_id', v_booking -> 'booking_id',
          'check_in', v_booking -> 'check_in', 'check_out', v_booking -> 'check_out',
          'booking_status', v_booking -> 'booking_status')));
      v_index := v_index + 1;
    END LOOP;
  EXCEPTION WHEN exclusion_violation THEN
    GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_constraint = CONSTRAINT_NAME,
      v_text = MESSAGE_TEXT, v_detail = PG_EXCEPTION_DETAIL;
    RAISE EXCEPTION USING ERRCODE = v_state, MESSAGE = v_text, DETAIL = v_detail,
      CONSTRAINT = v_constraint, HINT = 'line:' || v_index;
  END;

  FOR v_entry IN SELECT value FROM jsonb_array_elements(p -> 'folio') LOOP
    PERFORM insert_json_row('folio_entries', v_entry || jsonb_build_object(
      'booking_id', v_booking -> 'booking_id',
      'created_by', (SELECT u.id FROM users u WHERE u.id = nullif(current_setting('app.user_id', true), '')),
      'created_by_name', (SELECT u.name FROM users u WHERE u.id = nullif(current_setting('app.user_id', true), ''))));
  END LOOP;

  -- The guest's totals follow their bookings (guests.repository.ts refreshGuestTotals).
  UPDATE guests t SET
    total_bookings = (SELECT count(*)::int FROM bookings b WHERE b.guest_id = t.guest_id),
    cancelled_bookings = (SELECT count(*)::int FROM bookings b
                           WHERE b.guest_id = t.guest_id AND b.booking_status = 'Cancelled'),
    total_spent = (SELECT coalesce(-sum(fe.amount), 0)
                     FROM folio_entries fe
                     JOIN bookings b ON b.booking_id = fe.booking_id
                     LEFT JOIN folio_entries ft ON ft.entry_id = fe.reverses_entry_id
                    WHERE b.guest_id = t.guest_id
                      AND coalesce(ft.kind, fe.kind) IN ('payment', 'refund'))
   WHERE t.guest_id = (v_guest ->> 'guest_id')::uuid
  RETURNING to_jsonb(t.*) INTO v_guest;

  -- Issue 18: the booking's messages, each with its job (messages.service.ts queueMessage). The
  -- ids are drawn first, so each message is written once with its job's id (no second UPDATE,
  -- and one audit entry per message instead of two), all in one INSERT.
  SELECT coalesce(jsonb_agg(m.value || jsonb_build_object(
           'booking_id', v_booking -> 'booking_id', 'message_id', m.message_id,
           'job_id', m.job_id) ORDER BY m.n), '[]'::jsonb)
    INTO v_planned
    FROM (SELECT e.value, e.n, gen_random_uuid() AS message_id, gen_random_uuid() AS job_id
            FROM jsonb_array_elements(p -> 'messages') WITH ORDINALITY AS e(value, n)) m;
  IF jsonb_array_length(v_planned) > 0 THEN
    INSERT INTO jobs (job_id, kind, unique_key, payload, run_at, max_attempts, repeat_seconds,
                      created_at)
    SELECT (e ->> 'job_id')::uuid, p -> 'job' ->> 'kind', 'message:' || (e ->> 'message_id'),
           jsonb_build_object('message_id', e -> 'message_id'),
           (e ->> 'scheduled_at')::timestamptz, (p -> 'job' ->> 'max_attempts')::int, NULL,
           (p -> 'job' ->> 'created_at')::timestamptz
      FROM jsonb_array_elements(v_planned) AS e;
    v_messages := insert_json_rows('guest_messages', v_planned);
  END IF;

  PERFORM set_config('app.report_nights_deferred', 'off', true);
  PERFORM report_nights_refresh(ARRAY[(v_booking ->> 'booking_id')::uuid]);

  RETURN jsonb_build_object('booking', v_booking, 'guest', v_guest, 'guest_created', v_created,
    'lines', v_lines, 'messages', v_messages);
END;
$$;
