-- The audit trail (DESIGN §6, SPEC §3): triggers write a row for every insert, update and delete on
-- the audited tables, with SPEC §3's sensitive fields redacted, the acting user from the
-- transaction-local settings the API sets (src/server/http/request-context.ts), and a hash chain
-- that makes any later change to a row detectable. audit_logs is append-only.

ALTER TABLE audit_logs ADD COLUMN chain_position bigint UNIQUE;

-- One row holding the head of the hash chain. Its row lock serialises sealing at commit time.
CREATE TABLE audit_chain_head (
  id integer PRIMARY KEY CHECK (id = 1),
  position bigint NOT NULL,
  last_hash text
);
INSERT INTO audit_chain_head (id, position, last_hash) VALUES (1, 0, NULL);

-- SPEC §3: fields replaced by "[REDACTED]" before audit logging. Booking contact details are
-- redacted as well: they are the guest's e-mail and phone under another name.
CREATE FUNCTION audit_sensitive_fields(tbl text) RETURNS text[]
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE tbl
    WHEN 'guests' THEN ARRAY['phone_number', 'email', 'address', 'notes', 'emergency_contact_phone']
    WHEN 'bookings' THEN ARRAY['special_requests', 'internal_notes', 'email', 'contact_number', 'payment_proof_url']
    WHEN 'payments' THEN ARRAY['payment_method_details', 'transaction_reference', 'payment_proof', 'payment_proof_url', 'proof_url']
    WHEN 'users' THEN ARRAY['password', 'password_hash', 'reset_token', 'email_verification_token']
    WHEN 'expenses' THEN ARRAY['vendor_contact', 'proof_url']
    ELSE ARRAY[]::text[]
  END
$$;

CREATE FUNCTION audit_redact(tbl text, data jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE WHEN data IS NULL THEN NULL ELSE (
    SELECT coalesce(jsonb_object_agg(
      key,
      CASE WHEN key = ANY (audit_sensitive_fields(tbl)) AND value <> 'null'::jsonb
        THEN to_jsonb('[REDACTED]'::text) ELSE value END
    ), '{}'::jsonb)
    FROM jsonb_each(data)
  ) END
$$;

CREATE FUNCTION audit_setting(name text) RETURNS text
LANGUAGE sql STABLE
AS $$ SELECT nullif(current_setting(name, true), '') $$;

-- The text a row's hash covers: every column that says what happened, in a fixed order.
CREATE FUNCTION audit_row_canonical(r audit_logs) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT concat_ws('|',
    r.audit_id::text,
    to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    r.table_name, coalesce(r.record_id, ''), coalesce(r.record_pk, ''),
    coalesce(r.correlation_id, ''), r.action, coalesce(r.event_type, ''), r.source,
    coalesce(r.user_id, ''), coalesce(r.user_email, ''), coalesce(r.user_role, ''),
    coalesce(r.old_data::text, ''), coalesce(r.new_data::text, ''),
    coalesce(array_to_string(r.changed_fields, ','), ''), coalesce(r.description, ''),
    coalesce(r.category, ''), r.severity, coalesce(r.metadata::text, ''),
    coalesce(r.ip_address, ''), coalesce(r.user_agent, ''))
$$;

CREATE FUNCTION audit_row_hash(prev text, r audit_logs) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT encode(sha256(convert_to(coalesce(prev, '') || '#' || audit_row_canonical(r), 'UTF8')), 'hex')
$$;

-- Seals each new row into the chain when its transaction commits (a deferred constraint
-- trigger), so the chain follows commit order and concurrent writers never fork it.
CREATE FUNCTION audit_seal() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  head audit_chain_head%ROWTYPE;
  sealed_hash text;
BEGIN
  UPDATE audit_chain_head SET position = position + 1 WHERE id = 1 RETURNING * INTO head;
  sealed_hash := audit_row_hash(head.last_hash, NEW);
  UPDATE audit_chain_head SET last_hash = sealed_hash WHERE id = 1;
  PERFORM set_config('app.audit_sealing', 'on', true);
  UPDATE audit_logs
     SET chain_position = head.position, prev_hash = head.last_hash, row_hash = sealed_hash
   WHERE audit_id = NEW.audit_id;
  PERFORM set_config('app.audit_sealing', 'off', true);
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER audit_logs_seal
  AFTER INSERT ON audit_logs
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION audit_seal();

-- Append-only: no update but the sealing of a new row, no delete but through the archive.
CREATE FUNCTION audit_logs_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND audit_setting('app.audit_sealing') = 'on' AND OLD.row_hash IS NULL
     AND audit_row_canonical(OLD) = audit_row_canonical(NEW) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND audit_setting('app.audit_archiving') = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only' USING ERRCODE = '42501';
END;
$$;
CREATE TRIGGER audit_logs_append_only
  BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_logs_guard();

CREATE FUNCTION audit_logs_no_truncate() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only' USING ERRCODE = '42501';
END;
$$;
CREATE TRIGGER audit_logs_no_truncate
  BEFORE TRUNCATE ON audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_no_truncate();

-- The row trigger on every audited table. TG_ARGV[0] names the primary key column.
CREATE FUNCTION audit_row_change() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  pk text := TG_ARGV[0];
  old_row jsonb := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) END;
  row_data jsonb := coalesce(new_row, old_row);
  changed text[];
  category text;
  severity text := 'INFO';
  event text;
  label text;
  description text;
  old_status text;
  new_status text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT coalesce(array_agg(key ORDER BY key), ARRAY[]::text[]) INTO changed
      FROM jsonb_each(new_row) n
     WHERE n.key <> 'updated_at' AND n.value IS DISTINCT FROM old_row -> n.key;
    IF cardinality(changed) = 0 THEN
      RETURN NULL;
    END IF;
    -- Booking lines copy their booking's dates and status: that change is logged on the booking.
    IF TG_TABLE_NAME = 'booking_units'
       AND changed <@ ARRAY['check_in', 'check_out', 'booking_status']::text[] THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(key ORDER BY key) INTO changed FROM jsonb_each(new_row);
  ELSE
    changed := NULL;
  END IF;

  category := CASE TG_TABLE_NAME
    WHEN 'units' THEN 'UNIT'
    WHEN 'guests' THEN 'GUEST'
    WHEN 'bookings' THEN 'BOOKING'
    WHEN 'booking_units' THEN 'BOOKING'
    WHEN 'payments' THEN 'PAYMENT'
    WHEN 'expenses' THEN 'EXPENSE'
    WHEN 'availability_blackouts' THEN 'MAINTENANCE'
    WHEN 'app_roles' THEN 'AUTHENTICATION'
    ELSE 'SYSTEM'
  END;

  old_status := old_row ->> CASE TG_TABLE_NAME WHEN 'bookings' THEN 'booking_status' WHEN 'payments' THEN 'payment_status' ELSE 'status' END;
  new_status := new_row ->> CASE TG_TABLE_NAME WHEN 'bookings' THEN 'booking_status' WHEN 'payments' THEN 'payment_status' ELSE 'status' END;

  event := CASE
    WHEN TG_TABLE_NAME = 'bookings' AND TG_OP = 'INSERT' THEN 'booking_created'
    WHEN TG_TABLE_NAME = 'bookings' AND TG_OP = 'UPDATE' AND new_status IS DISTINCT FROM old_status THEN
      CASE new_status
        WHEN 'Cancelled' THEN 'booking_cancelled'
        WHEN 'CheckedIn' THEN 'booking_checked_in'
        WHEN 'CheckedOut' THEN 'booking_checked_out'
        WHEN 'Confirmed' THEN 'booking_confirmed'
        ELSE 'booking_status_override'
      END
    WHEN TG_TABLE_NAME = 'bookings' AND TG_OP = 'UPDATE' THEN 'booking_updated'
    WHEN TG_TABLE_NAME = 'bookings' THEN 'booking_deleted'
    WHEN TG_TABLE_NAME = 'payments' AND TG_OP = 'INSERT' THEN 'payment_received'
    WHEN TG_TABLE_NAME = 'payments' AND TG_OP = 'UPDATE' AND new_status IS DISTINCT FROM old_status THEN
      CASE new_status
        WHEN 'Completed' THEN 'payment_verified'
        WHEN 'Refunded' THEN 'payment_refunded'
        WHEN 'Failed' THEN 'payment_failed'
        ELSE 'payment_updated'
      END
    WHEN TG_TABLE_NAME = 'payments' AND TG_OP = 'UPDATE' THEN 'payment_updated'
    WHEN TG_TABLE_NAME = 'payments' THEN 'payment_deleted'
    WHEN TG_TABLE_NAME = 'guests' AND TG_OP = 'INSERT' THEN 'guest_created'
    WHEN TG_TABLE_NAME = 'guests' AND TG_OP = 'UPDATE' THEN 'guest_updated'
    WHEN TG_TABLE_NAME = 'guests' THEN 'guest_deleted'
    WHEN TG_TABLE_NAME = 'units' AND TG_OP = 'INSERT' THEN 'unit_created'
    WHEN TG_TABLE_NAME = 'units' AND TG_OP = 'UPDATE' THEN 'unit_updated'
    WHEN TG_TABLE_NAME = 'units' THEN 'unit_deleted'
    WHEN TG_TABLE_NAME = 'expenses' AND TG_OP = 'INSERT' THEN 'expense_recorded'
    WHEN TG_TABLE_NAME = 'expenses' AND TG_OP = 'UPDATE' AND 'category' = ANY (changed) THEN 'expense_category_changed'
    WHEN TG_TABLE_NAME = 'expenses' AND TG_OP = 'UPDATE' THEN 'expense_updated'
    WHEN TG_TABLE_NAME = 'expenses' THEN 'expense_deleted'
    WHEN TG_TABLE_NAME = 'availability_blackouts' AND TG_OP = 'INSERT' THEN 'maintenance_scheduled'
    WHEN TG_TABLE_NAME = 'availability_blackouts' AND TG_OP = 'UPDATE' THEN 'maintenance_updated'
    WHEN TG_TABLE_NAME = 'availability_blackouts' THEN 'maintenance_removed'
    WHEN TG_TABLE_NAME = 'app_roles' AND TG_OP = 'INSERT' THEN 'role_assigned'
    WHEN TG_TABLE_NAME = 'app_roles' AND TG_OP = 'UPDATE' THEN 'role_changed'
    ELSE lower(TG_TABLE_NAME || '_' || TG_OP)
  END;

  IF TG_OP = 'DELETE' OR event = 'booking_cancelled' OR event = 'payment_refunded' OR event = 'payment_failed' THEN
    severity := 'WARNING';
  END IF;

  label := coalesce(
    row_data ->> 'booking_reference', row_data ->> 'unit_name', row_data ->> 'guest_name',
    row_data ->> 'description', row_data ->> 'role', row_data ->> pk);
  description := format('%s %s: %s',
    CASE TG_TABLE_NAME
      WHEN 'units' THEN 'Unit' WHEN 'guests' THEN 'Guest' WHEN 'bookings' THEN 'Booking'
      WHEN 'booking_units' THEN 'Booking line' WHEN 'payments' THEN 'Payment'
      WHEN 'expenses' THEN 'Expense' WHEN 'availability_blackouts' THEN 'Blackout'
      WHEN 'app_roles' THEN 'Role' ELSE TG_TABLE_NAME END,
    CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END,
    left(coalesce(label, ''), 200));

  INSERT INTO audit_logs (
    table_name, record_id, record_pk, correlation_id, action, event_type, source,
    user_id, user_email, user_role, old_data, new_data, changed_fields,
    description, category, severity, metadata, ip_address, user_agent)
  VALUES (
    TG_TABLE_NAME, row_data ->> pk, pk, audit_setting('app.correlation_id'), TG_OP, event, 'db',
    audit_setting('app.user_id'), audit_setting('app.user_email'), audit_setting('app.user_role'),
    audit_redact(TG_TABLE_NAME, old_row), audit_redact(TG_TABLE_NAME, new_row), changed,
    description, category, severity,
    CASE WHEN old_status IS DISTINCT FROM new_status AND TG_OP = 'UPDATE'
      THEN jsonb_build_object('from_status', old_status, 'to_status', new_status) END,
    audit_setting('app.ip_address'), audit_setting('app.user_agent'));
  RETURN NULL;
END;
$$;

CREATE TRIGGER units_audit AFTER INSERT OR UPDATE OR DELETE ON units
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('unit_id');
CREATE TRIGGER guests_audit AFTER INSERT OR UPDATE OR DELETE ON guests
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('guest_id');
CREATE TRIGGER bookings_audit AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('booking_id');
CREATE TRIGGER booking_units_audit AFTER INSERT OR UPDATE OR DELETE ON booking_units
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('booking_unit_id');
CREATE TRIGGER payments_audit AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('payment_id');
CREATE TRIGGER expenses_audit AFTER INSERT OR UPDATE OR DELETE ON expenses
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('expense_id');
CREATE TRIGGER availability_blackouts_audit AFTER INSERT OR UPDATE OR DELETE ON availability_blackouts
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('blackout_id');
CREATE TRIGGER app_roles_audit AFTER INSERT OR UPDATE OR DELETE ON app_roles
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('role_id');

-- Checks the chain from the oldest row kept; returns the first row whose hash does not match
-- (or whose link to the previous row is broken), or nothing when the chain is whole.
CREATE FUNCTION audit_verify_chain()
RETURNS TABLE (audit_id uuid, chain_position bigint, problem text)
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  r audit_logs%ROWTYPE;
  expected_prev text;
  first_row boolean := true;
BEGIN
  FOR r IN SELECT * FROM audit_logs WHERE audit_logs.chain_position IS NOT NULL ORDER BY audit_logs.chain_position LOOP
    IF NOT first_row AND r.prev_hash IS DISTINCT FROM expected_prev THEN
      audit_id := r.audit_id; chain_position := r.chain_position;
      problem := 'the link to the previous row is broken (a row was removed or reordered)';
      RETURN NEXT; RETURN;
    END IF;
    IF r.row_hash IS DISTINCT FROM audit_row_hash(r.prev_hash, r) THEN
      audit_id := r.audit_id; chain_position := r.chain_position;
      problem := 'the row was changed after it was written';
      RETURN NEXT; RETURN;
    END IF;
    expected_prev := r.row_hash;
    first_row := false;
  END LOOP;
END;
$$;

-- SPEC §7: removes rows older than the cutoff and records that it did, in the system category.
CREATE FUNCTION archive_audit_logs(cutoff timestamptz)
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  removed integer;
  last_removed text;
BEGIN
  SELECT row_hash INTO last_removed FROM audit_logs
   WHERE created_at < cutoff AND chain_position IS NOT NULL
   ORDER BY chain_position DESC LIMIT 1;
  PERFORM set_config('app.audit_archiving', 'on', true);
  DELETE FROM audit_logs WHERE created_at < cutoff;
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('app.audit_archiving', 'off', true);
  INSERT INTO audit_logs (
    table_name, action, event_type, source, user_id, user_email, user_role, correlation_id,
    description, category, severity, metadata, ip_address, user_agent)
  VALUES (
    'system', 'DELETE', 'audit_archived', 'db',
    audit_setting('app.user_id'), audit_setting('app.user_email'), audit_setting('app.user_role'),
    audit_setting('app.correlation_id'),
    format('Archived %s audit log rows older than %s', removed, cutoff), 'SYSTEM', 'WARNING',
    jsonb_build_object('cutoff', cutoff, 'removed', removed, 'last_removed_hash', last_removed),
    audit_setting('app.ip_address'), audit_setting('app.user_agent'));
  RETURN removed;
END;
$$;
