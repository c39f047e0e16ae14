-- Issue 24 (decision 0029, documents): issuing a document in one round trip.
--
-- The server used to lock the booking, read it, its documents, folio, payments and the billing
-- profile, take the number and insert, about thirteen statements in a transaction. Now it reads
-- those facts without a transaction (side by side), works the document out, and writes it with
-- one statement, issue_document(p), which re-checks under the booking's lock that none of the
-- facts changed since they were read (their stamp) before it takes the number: a stale read is
-- refused (SQLSTATE DOCST) and the server reads again; a number is still taken last, in the same
-- transaction as the insert, so a refusal gives it back and the series stays gapless.

-- A stamp of every row a document is worked out from: the booking, its guest, its lines and
-- their cabins, its folio entries, payments and documents, and the billing profile. Any insert,
-- update or delete of one of them changes it (a row's xmin changes with each new version).
-- PL/pgSQL rather than SQL so that each session plans its query once and keeps the plan.
CREATE FUNCTION document_facts_stamp(p_booking uuid) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN md5(concat_ws('|',
    (SELECT b.xmin::text || ':' || coalesce(g.xmin::text, '-')
       FROM bookings b LEFT JOIN guests g ON g.guest_id = b.guest_id
      WHERE b.booking_id = p_booking),
    (SELECT string_agg(l.booking_unit_id::text || ':' || l.xmin::text || ':'
                       || coalesce(u.xmin::text, '-'), ',' ORDER BY l.booking_unit_id)
       FROM booking_units l LEFT JOIN units u ON u.unit_id = l.unit_id
      WHERE l.booking_id = p_booking),
    (SELECT string_agg(f.entry_id::text || ':' || f.xmin::text, ',' ORDER BY f.entry_id)
       FROM folio_entries f WHERE f.booking_id = p_booking),
    (SELECT string_agg(y.payment_id::text || ':' || y.xmin::text, ',' ORDER BY y.payment_id)
       FROM payments y WHERE y.booking_id = p_booking),
    (SELECT string_agg(d.document_id::text || ':' || d.xmin::text, ',' ORDER BY d.document_id)
       FROM documents d WHERE d.booking_id = p_booking),
    (SELECT s.xmin::text FROM settings s WHERE s.key = 'billing')));
END;
$$;

-- The audit triggers' transaction-local settings (db/actor-settings.ts) from an actor object
-- { user_id, email, role, correlation_id, ip_address, user_agent }; nothing for a JSON null.
CREATE FUNCTION set_actor_settings(a jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF a IS NOT NULL AND jsonb_typeof(a) = 'object' THEN
    PERFORM set_config('app.' || setting, coalesce(a ->> field, ''), true)
       FROM (VALUES ('user_id', 'user_id'), ('user_email', 'email'), ('user_role', 'role'),
                    ('correlation_id', 'correlation_id'), ('ip_address', 'ip_address'),
                    ('user_agent', 'user_agent')) AS names(setting, field);
  END IF;
END;
$$;

-- p: { actor, booking_id, stamp (null when the caller has held the lock since its reads), kind,
--      floor, serial_to (null: no end), number_prefix,
--      row: the documents row without number, issued_by and issued_by_name }.
-- Answers the inserted row as JSON.
CREATE FUNCTION issue_document(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_booking uuid := (p ->> 'booking_id')::uuid;
  v_number integer;
  v_row jsonb;
  v_written jsonb;
BEGIN
  PERFORM set_actor_settings(p -> 'actor');

  -- The folio's lock (folio.repository.ts lockFolioBooking): issues and postings on one booking
  -- queue here, and each reads what the one before it wrote. Without a stamp the caller's
  -- transaction took this lock before it read the facts.
  PERFORM 1 FROM bookings WHERE booking_id = v_booking FOR UPDATE;
  IF NOT FOUND OR (p ->> 'stamp' IS NOT NULL
                   AND document_facts_stamp(v_booking) IS DISTINCT FROM p ->> 'stamp') THEN
    RAISE EXCEPTION 'the booking changed while its document was worked out' USING ERRCODE = 'DOCST';
  END IF;

  -- Last: the number (the counter row stays locked until this statement's transaction ends).
  UPDATE document_counters
     SET next_number = greatest(next_number, (p ->> 'floor')::integer) + 1
   WHERE kind = p ->> 'kind'
  RETURNING next_number - 1 INTO v_number;
  IF v_number IS NULL THEN
    RAISE EXCEPTION 'no document counter for %', p ->> 'kind';
  END IF;
  IF p ->> 'serial_to' IS NOT NULL AND v_number > (p ->> 'serial_to')::integer THEN
    RAISE EXCEPTION 'the approved serial range is used up' USING ERRCODE = 'DOCSX';
  END IF;

  v_row := (p -> 'row') || jsonb_build_object(
    'kind', p ->> 'kind',
    'number', v_number,
    'issued_by', (SELECT u.id FROM users u WHERE u.id = nullif(current_setting('app.user_id', true), '')),
    'issued_by_name', (SELECT u.name FROM users u WHERE u.id = nullif(current_setting('app.user_id', true), '')),
    -- domain/documents.ts displayDocumentNumber: the prefix and at least six digits.
    'snapshot', (p -> 'row' -> 'snapshot') || jsonb_build_object(
      'number', v_number,
      'display_number', (p ->> 'number_prefix') || ' ' || lpad(v_number::text, greatest(6, length(v_number::text)), '0')));
  v_written := insert_json_rows('documents', jsonb_build_array(v_row));
  RETURN v_written -> 0;
END;
$$;
