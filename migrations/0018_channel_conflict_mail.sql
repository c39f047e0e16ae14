-- Issue 19 §4: a new channel conflict is e-mailed to owners and managers once. The references of
-- the direct bookings the last mail named: a later sync that finds the same hold over the same
-- bookings (Airbnb's window moving by a day) sends nothing; over another booking, a new mail.
ALTER TABLE external_holds ADD COLUMN conflict_notified_refs text;

-- Recording that the mail was sent is bookkeeping, not a change staff or a feed made: the hold's
-- audit trail leaves out an update that changes nothing else (updated_at moves with any update).
DROP TRIGGER external_holds_audit ON external_holds;
CREATE TRIGGER external_holds_audit AFTER INSERT OR DELETE ON external_holds
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('hold_id');
CREATE TRIGGER external_holds_audit_changes AFTER UPDATE ON external_holds
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'conflict_notified_refs' - 'updated_at')
        IS DISTINCT FROM (to_jsonb(NEW) - 'conflict_notified_refs' - 'updated_at'))
  EXECUTE FUNCTION audit_row_change('hold_id');
