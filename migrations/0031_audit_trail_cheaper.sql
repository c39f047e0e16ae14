-- Issue 24, round six: the audit trail's own cost (decision 0033).
--
-- A staff booking writes ten audited rows. With `track_functions = 'all'`, 200 calls of
-- create_booking on PostgreSQL spent per creation 2.9 ms in audit_redact, 1.5 ms in the sealing
-- trigger, 1.9 ms in audit_row_hash and audit_row_canonical, out of about 12 ms. Three causes,
-- none of them the work itself:
--
-- * audit_redact, audit_row_hash and audit_row_canonical were SQL functions that are not
--   inlined where PL/pgSQL calls them, so every call planned its query again. As PL/pgSQL
--   functions their expressions are planned once per session. Their results are the same, to the
--   byte: rows sealed before this migration still verify.
-- * audit_redact walked every key of the row to find the few sensitive ones; it now looks only
--   at the table's sensitive fields.
-- * Sealing a row moved the chain head with two updates (position, then hash) and the
--   append-only guard checked the sealing update by writing out the row's canonical text twice.
--   The head now moves with one update that keeps the previous hash beside the new one, and the
--   guard compares the row with its sealed copy directly, column by column, all but the three
--   sealing columns — stricter than before, since every column must be unchanged.

ALTER TABLE audit_chain_head ADD COLUMN prev_hash text;

CREATE OR REPLACE FUNCTION audit_redact(tbl text, data jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE
AS $$
DECLARE
  field text;
BEGIN
  IF data IS NULL THEN
    RETURN NULL;
  END IF;
  FOREACH field IN ARRAY audit_sensitive_fields(tbl) LOOP
    -- A JSON null stays null, as before; an absent field stays absent.
    IF data -> field <> 'null'::jsonb THEN
      data := jsonb_set(data, ARRAY[field], to_jsonb('[REDACTED]'::text));
    END IF;
  END LOOP;
  RETURN data;
END;
$$;

CREATE OR REPLACE FUNCTION audit_row_canonical(r audit_logs) RETURNS text
LANGUAGE plpgsql IMMUTABLE
AS $$
BEGIN
  RETURN concat_ws('|',
    r.audit_id::text,
    to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    r.table_name, coalesce(r.record_id, ''), coalesce(r.record_pk, ''),
    coalesce(r.correlation_id, ''), r.action, coalesce(r.event_type, ''), r.source,
    coalesce(r.user_id, ''), coalesce(r.user_email, ''), coalesce(r.user_role, ''),
    coalesce(r.old_data::text, ''), coalesce(r.new_data::text, ''),
    coalesce(array_to_string(r.changed_fields, ','), ''), coalesce(r.description, ''),
    coalesce(r.category, ''), r.severity, coalesce(r.metadata::text, ''),
    coalesce(r.ip_address, ''), coalesce(r.user_agent, ''));
END;
$$;

CREATE OR REPLACE FUNCTION audit_row_hash(prev text, r audit_logs) RETURNS text
LANGUAGE plpgsql IMMUTABLE
AS $$
BEGIN
  RETURN encode(sha256(convert_to(coalesce(prev, '') || '#' || audit_row_canonical(r), 'UTF8')), 'hex');
END;
$$;

-- One update of the head: every expression in SET sees the head as it was, so prev_hash gets the
-- old last_hash and last_hash the new row's hash, both under the head's row lock.
CREATE OR REPLACE FUNCTION audit_seal() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  sealed_position bigint;
  previous_hash text;
  sealed_hash text;
BEGIN
  UPDATE audit_chain_head
     SET position = position + 1,
         prev_hash = last_hash,
         last_hash = audit_row_hash(last_hash, NEW)
   WHERE id = 1
  RETURNING position, prev_hash, last_hash INTO sealed_position, previous_hash, sealed_hash;
  PERFORM set_config('app.audit_sealing', 'on', true);
  UPDATE audit_logs
     SET chain_position = sealed_position, prev_hash = previous_hash, row_hash = sealed_hash
   WHERE audit_id = NEW.audit_id;
  PERFORM set_config('app.audit_sealing', 'off', true);
  RETURN NULL;
END;
$$;

-- Append-only: no update but the sealing of a new row (only its three sealing columns change),
-- no delete but through the archive.
CREATE OR REPLACE FUNCTION audit_logs_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  unsealed audit_logs;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.row_hash IS NULL AND audit_setting('app.audit_sealing') = 'on' THEN
    unsealed := NEW;
    unsealed.chain_position := OLD.chain_position;
    unsealed.prev_hash := OLD.prev_hash;
    unsealed.row_hash := OLD.row_hash;
    IF unsealed IS NOT DISTINCT FROM OLD THEN
      RETURN NEW;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' AND audit_setting('app.audit_archiving') = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only' USING ERRCODE = '42501';
END;
$$;
