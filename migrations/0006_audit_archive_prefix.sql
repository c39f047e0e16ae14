-- archive_audit_logs (0004) removed every row older than the cutoff. Rows are chained in commit
-- order, but created_at is when their transaction began, so a row older than the cutoff can sit
-- after a newer one in the chain (a long transaction, a clock step); removing it would break the
-- chain and `npm run audit:verify` would then report tampering that never happened. The archive
-- now removes the longest run of rows at the start of the chain that are all older than the
-- cutoff: what is kept is always one whole, verifiable chain.

CREATE OR REPLACE FUNCTION archive_audit_logs(cutoff timestamptz)
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  removed integer;
  boundary bigint;
  last_removed text;
BEGIN
  -- The first sealed row not older than the cutoff; everything before it in the chain goes.
  SELECT min(chain_position) INTO boundary FROM audit_logs
   WHERE created_at >= cutoff AND chain_position IS NOT NULL;
  IF boundary IS NULL THEN
    SELECT coalesce(max(chain_position), 0) + 1 INTO boundary FROM audit_logs;
  END IF;
  SELECT row_hash INTO last_removed FROM audit_logs
   WHERE chain_position < boundary
   ORDER BY chain_position DESC LIMIT 1;
  PERFORM set_config('app.audit_archiving', 'on', true);
  DELETE FROM audit_logs WHERE chain_position < boundary;
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
