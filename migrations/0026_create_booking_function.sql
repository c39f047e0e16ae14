-- Issue 24 (docs/decisions/0028-booking-creation-one-round-trip.md): a booking is written in one
-- statement, `SELECT create_booking($1::jsonb)`, instead of about thirty-five in a transaction.
-- The server prices the stay (src/domain/pricing) and sends every row's values; this function
-- only does what needs the database: the guest found or created by e-mail (or by phone number
-- for a walk-in without one), the booking's reference, the nights (the exclusion constraint and
-- the blackout trigger refuse taken ones, 23P01), the guest's totals, and the message jobs. The
-- audit triggers record every row as before.

-- One row of `tbl` from a JSON object whose keys are column names; the columns it does not name
-- take their defaults. Answers the row as written, as JSON.
CREATE FUNCTION insert_json_row(tbl regclass, r jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  cols text;
  written jsonb;
BEGIN
  SELECT string_agg(quote_ident(k), ', ') INTO cols FROM jsonb_object_keys(r) AS k;
  EXECUTE format(
    'INSERT INTO %s AS t (%s) SELECT %s FROM jsonb_populate_record(NULL::%s, $1) RETURNING to_jsonb(t.*)',
    tbl, cols, cols, tbl)
  INTO written USING r;
  RETURN written;
END;
$$;

-- p: {
--   actor?: { user_id, email, role, correlation_id, ip_address, user_agent }  (audit settings)
--   timezone: the resort's zone (the reference's year)
--   units: [{ unit_id, allowed: [status], base_rate, weekend_rate, base_occupancy,
--             max_occupancy, extra_person_rate }]  the unit facts the price was made from
--   guest: { guest_name, email, phone_number }
--   booking: bookings columns (no booking_id, reference, guest_id)
--   lines: booking_units columns (no booking_id, dates or status: the booking's)
--   folio: folio_entries columns (no booking_id)
--   messages: guest_messages columns (no booking_id), each with its job
--   job: { kind, max_attempts, created_at }
-- }
-- Raises BKSTL when a unit changed since the server read it (the server reads again, once).
CREATE FUNCTION create_booking(p jsonb) RETURNS jsonb
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
  v_message jsonb;
  v_job_id uuid;
  v_index int := 0;
  v_state text;
  v_constraint text;
  v_text text;
  v_detail text;
BEGIN
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

  -- Issue 18: the booking's messages, each with its job (messages.service.ts queueMessage).
  FOR v_message IN SELECT value FROM jsonb_array_elements(p -> 'messages') LOOP
    v_message := insert_json_row('guest_messages', v_message ||
      jsonb_build_object('booking_id', v_booking -> 'booking_id'));
    INSERT INTO jobs (kind, unique_key, payload, run_at, max_attempts, repeat_seconds, created_at)
    VALUES (p -> 'job' ->> 'kind', 'message:' || (v_message ->> 'message_id'),
            jsonb_build_object('message_id', v_message -> 'message_id'),
            (v_message ->> 'scheduled_at')::timestamptz, (p -> 'job' ->> 'max_attempts')::int,
            NULL, (p -> 'job' ->> 'created_at')::timestamptz)
    RETURNING job_id INTO v_job_id;
    UPDATE guest_messages SET job_id = v_job_id
     WHERE message_id = (v_message ->> 'message_id')::uuid;
    v_messages := v_messages || jsonb_build_array(v_message || jsonb_build_object('job_id', v_job_id));
  END LOOP;

  RETURN jsonb_build_object('booking', v_booking, 'guest', v_guest, 'guest_created', v_created,
    'lines', v_lines, 'messages', v_messages);
END;
$$;
