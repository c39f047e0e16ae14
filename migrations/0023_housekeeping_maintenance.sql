-- Issue 22 (DESIGN §8): housekeeping and the maintenance log.
--
-- * Each cabin has a housekeeping status apart from its sales status (unit_status): Clean, Dirty,
--   Inspected or Out of order, with who changed it, when, and a note (the out-of-order reason).
-- * A fifth role, housekeeping (rank below staff), sees only the housekeeping board.
-- * A blackout has a kind: a plain blackout, a cabin out of order (today..until, made by the
--   housekeeping status) or scheduled maintenance (linked to its maintenance issue). All kinds
--   block nights the same way: the triggers of 0001 refuse one over bookings, naming them.
-- * Check-out (booking_status → CheckedOut) turns the booking's cabins Dirty in the same
--   transaction (bookings_checkout_dirty below), whoever changes the status.
-- * maintenance_issues and maintenance_photos, in the audit trail under MAINTENANCE.

ALTER TABLE units
  ADD COLUMN housekeeping_status text NOT NULL DEFAULT 'Clean'
    CONSTRAINT units_housekeeping_status
    CHECK (housekeeping_status IN ('Clean', 'Dirty', 'Inspected', 'Out of order')),
  ADD COLUMN housekeeping_note text CHECK (char_length(housekeeping_note) <= 300),
  ADD COLUMN housekeeping_changed_at timestamptz,
  ADD COLUMN housekeeping_changed_by text REFERENCES users (id) ON DELETE SET NULL;

ALTER TABLE app_roles DROP CONSTRAINT app_roles_role_check;
ALTER TABLE app_roles ADD CONSTRAINT app_roles_role_check
  CHECK (role IN ('admin', 'owner', 'manager', 'staff', 'housekeeping'));

CREATE TABLE maintenance_issues (
  issue_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unit_id uuid NOT NULL REFERENCES units (unit_id) ON DELETE CASCADE,
  title text NOT NULL CHECK (char_length(btrim(title)) BETWEEN 1 AND 200),
  priority text NOT NULL DEFAULT 'normal'
    CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'done')),
  notes text CHECK (char_length(notes) <= 2000),
  cost numeric(12, 2) CHECK (cost > 0 AND cost <= 1000000),
  scheduled_from date,
  scheduled_to date,
  -- The expense the cost was recorded as (POST /api/maintenance/:id/expense), once.
  expense_id uuid UNIQUE REFERENCES expenses (expense_id) ON DELETE SET NULL,
  completed_at timestamptz,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_by_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT maintenance_issues_schedule CHECK (
    (scheduled_from IS NULL) = (scheduled_to IS NULL)
    AND (scheduled_to IS NULL OR scheduled_to >= scheduled_from))
);
CREATE INDEX maintenance_issues_unit_idx ON maintenance_issues (unit_id, created_at DESC);

CREATE TRIGGER maintenance_issues_touch BEFORE UPDATE ON maintenance_issues
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- Photos of an issue: private files in the storage bucket "maintenance-photos", uploaded through
-- a signed upload with the receipts' rules (size, real type checked and re-encoded).
CREATE TABLE maintenance_photos (
  photo_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  issue_id uuid NOT NULL REFERENCES maintenance_issues (issue_id) ON DELETE CASCADE,
  path text NOT NULL CHECK (char_length(path) BETWEEN 1 AND 500),
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 255),
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX maintenance_photos_path_key ON maintenance_photos (path);
CREATE INDEX maintenance_photos_issue_idx ON maintenance_photos (issue_id, created_at);

ALTER TABLE availability_blackouts
  ADD COLUMN kind text NOT NULL DEFAULT 'blackout'
    CONSTRAINT availability_blackouts_kind
    CHECK (kind IN ('blackout', 'out_of_order', 'maintenance')),
  ADD COLUMN maintenance_issue_id uuid UNIQUE
    REFERENCES maintenance_issues (issue_id) ON DELETE CASCADE,
  ADD CONSTRAINT availability_blackouts_issue_kind
    CHECK ((maintenance_issue_id IS NULL) = (kind <> 'maintenance'));

-- DESIGN §6: every change is in the audit trail.
CREATE TRIGGER maintenance_issues_audit AFTER INSERT OR UPDATE OR DELETE ON maintenance_issues
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('issue_id');
CREATE TRIGGER maintenance_photos_audit AFTER INSERT OR UPDATE OR DELETE ON maintenance_photos
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('photo_id');

-- audit_row_change (0004) names categories and events by table; rather than redefine it (other
-- migrations may), the maintenance tables' rows get their category, event and description here,
-- before the row is written and long before it is sealed into the hash chain at commit.
CREATE FUNCTION audit_logs_maintenance() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  row_data jsonb := coalesce(NEW.new_data, NEW.old_data);
  noun text := CASE NEW.table_name
    WHEN 'maintenance_issues' THEN 'maintenance_issue' ELSE 'maintenance_photo' END;
BEGIN
  IF NEW.source <> 'db' OR NEW.table_name NOT IN ('maintenance_issues', 'maintenance_photos') THEN
    RETURN NEW;
  END IF;
  NEW.category := 'MAINTENANCE';
  NEW.event_type := noun || CASE NEW.action
    WHEN 'INSERT' THEN '_created' WHEN 'UPDATE' THEN '_updated' ELSE '_deleted' END;
  IF NEW.table_name = 'maintenance_issues' AND NEW.action = 'UPDATE'
     AND NEW.old_data ->> 'status' IS DISTINCT FROM NEW.new_data ->> 'status'
     AND NEW.new_data ->> 'status' = 'done' THEN
    NEW.event_type := 'maintenance_issue_done';
  END IF;
  NEW.description := format('%s %s: %s',
    CASE NEW.table_name WHEN 'maintenance_issues' THEN 'Maintenance issue' ELSE 'Maintenance photo' END,
    CASE NEW.action WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END,
    left(coalesce(row_data ->> 'title', row_data ->> 'file_name', NEW.record_id, ''), 200));
  RETURN NEW;
END;
$$;
CREATE TRIGGER audit_logs_maintenance BEFORE INSERT ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_logs_maintenance();

-- Check-out leaves the cabins Dirty (DESIGN §8), in the transaction that checks the guest out:
-- the cabins of the booking's lines that end with the stay (a line of a split stay that ended
-- earlier left its cabin already), unless a cabin is out of order.
CREATE FUNCTION bookings_checkout_dirty() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.booking_status = 'CheckedOut' AND OLD.booking_status IS DISTINCT FROM 'CheckedOut' THEN
    UPDATE units u
       SET housekeeping_status = 'Dirty',
           housekeeping_note = NULL,
           housekeeping_changed_at = now(),
           housekeeping_changed_by = (SELECT id FROM users WHERE id = current_setting('app.user_id', true))
     WHERE u.housekeeping_status NOT IN ('Dirty', 'Out of order')
       AND u.unit_id IN (
         SELECT bu.unit_id FROM booking_units bu
          WHERE bu.booking_id = NEW.booking_id AND bu.check_out >= NEW.check_out);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER bookings_checkout_dirty
  AFTER UPDATE OF booking_status ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_checkout_dirty();
