-- Issue 22, DESIGN §8: the front desk.
--
-- 1. Where a booking came from. The old `source` ('guest' | 'staff' | 'web') said which door the
--    booking came through and the app still branches on it (a guest booking's proof deadline);
--    it is renamed `created_via`. The new `source` is the business's answer: the guest website,
--    a walk-in, the phone, an OTA... (src/domain/constants.ts BOOKING_SOURCES).
-- 2. Who made it: `created_by_name`, the staff user's name when the booking was made (kept when
--    the account is deleted, like expenses.created_by_name); null for a guest's own booking.
-- 3. Walk-ins without an e-mail address: guests.email and bookings.email may be null.
-- 4. The guest's ID recorded at check-in: type and number on the booking. The number is redacted
--    in the audit trail (audit_sensitive_fields below) and erased with the guest's data.
-- 5. Split stays: a booking line may carry its own nights (a move to another cabin from a date
--    ends one line there and starts another). The exclusion constraint already guards each line's
--    own nights; the triggers that copied the booking's dates onto every line now keep a line's
--    dates inside the booking's stay instead of overwriting them, and UNIQUE (booking_id, unit_id)
--    goes, so a guest can move back to the cabin they left (the exclusion constraint still keeps
--    one booking's lines in one cabin from overlapping).

ALTER TABLE bookings RENAME COLUMN source TO created_via;
ALTER TABLE bookings RENAME CONSTRAINT bookings_source_check TO bookings_created_via_check;

ALTER TABLE bookings ADD COLUMN source text NOT NULL DEFAULT 'other'
  CHECK (source IN ('website', 'walk_in', 'phone', 'messenger', 'airbnb', 'booking_com', 'agoda',
                    'travel_agent', 'other'));
ALTER TABLE bookings ADD COLUMN created_by_name text CHECK (char_length(created_by_name) <= 200);
ALTER TABLE bookings ADD COLUMN id_type text
  CHECK (id_type IN ('passport', 'drivers_license', 'philsys', 'umid', 'sss', 'prc', 'postal',
                     'voters', 'senior_citizen', 'pwd', 'other'));
ALTER TABLE bookings ADD COLUMN id_number varchar(50);
ALTER TABLE bookings ADD CONSTRAINT bookings_id_both_or_neither
  CHECK ((id_type IS NULL) = (id_number IS NULL));

-- Existing rows: what came through the guest pages is the website; a staff booking's source was
-- never asked, so it is "other". The audit triggers are left on: this is a change like any other.
UPDATE bookings SET source = 'website' WHERE created_via IN ('guest', 'web');
UPDATE bookings b SET created_by_name = u.name
  FROM users u WHERE u.id = b.created_by AND b.created_via = 'staff';

CREATE INDEX bookings_source_idx ON bookings (source, created_at DESC);

ALTER TABLE guests ALTER COLUMN email DROP NOT NULL;
ALTER TABLE bookings ALTER COLUMN email DROP NOT NULL;

-- 0017's list plus the ID number (the type alone says nothing about the guest).
CREATE OR REPLACE FUNCTION audit_sensitive_fields(tbl text) RETURNS text[]
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE tbl
    WHEN 'guests' THEN ARRAY['phone_number', 'email', 'address', 'notes', 'emergency_contact_phone']
    WHEN 'bookings' THEN ARRAY['special_requests', 'internal_notes', 'email', 'contact_number', 'payment_proof_url', 'senior_pwd_ids', 'id_number']
    WHEN 'payments' THEN ARRAY['payment_method_details', 'transaction_reference', 'payment_proof', 'payment_proof_url', 'proof_url']
    WHEN 'users' THEN ARRAY['password', 'password_hash', 'reset_token', 'email_verification_token']
    WHEN 'expenses' THEN ARRAY['vendor_contact', 'proof_url']
    WHEN 'channel_feeds' THEN ARRAY['url']
    WHEN 'channel_export_tokens' THEN ARRAY['token']
    ELSE ARRAY[]::text[]
  END
$$;

-- Split stays. A new line takes the booking's stay unless it names nights inside it; a changed
-- line keeps the nights it was given, which must lie inside the booking's stay. The status is
-- always the booking's.
CREATE OR REPLACE FUNCTION booking_units_copy_stay() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  parent bookings%ROWTYPE;
BEGIN
  SELECT * INTO parent FROM bookings WHERE booking_id = NEW.booking_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'booking % does not exist', NEW.booking_id USING ERRCODE = '23503';
  END IF;
  IF TG_OP = 'INSERT' AND (NEW.check_in IS NULL OR NEW.check_out IS NULL
      OR NEW.check_in < parent.check_in OR NEW.check_out > parent.check_out
      OR NEW.check_in >= NEW.check_out) THEN
    NEW.check_in := parent.check_in;
    NEW.check_out := parent.check_out;
  END IF;
  IF NEW.check_in < parent.check_in OR NEW.check_out > parent.check_out
     OR NEW.check_in >= NEW.check_out THEN
    RAISE EXCEPTION 'A booking line''s nights (% to %) must lie inside its stay (% to %)',
      NEW.check_in, NEW.check_out, parent.check_in, parent.check_out
      USING ERRCODE = '23514', CONSTRAINT = 'booking_units_within_stay';
  END IF;
  NEW.booking_status := parent.booking_status;
  RETURN NEW;
END;
$$;

-- A booking's new dates move the lines that began on its old check-in and those that ended on its
-- old check-out; the lines of a split stay in between keep theirs.
CREATE OR REPLACE FUNCTION bookings_propagate_stay() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.check_in IS DISTINCT FROM OLD.check_in
     OR NEW.check_out IS DISTINCT FROM OLD.check_out
     OR NEW.booking_status IS DISTINCT FROM OLD.booking_status THEN
    UPDATE booking_units
       SET check_in = CASE WHEN check_in = OLD.check_in THEN NEW.check_in ELSE check_in END,
           check_out = CASE WHEN check_out = OLD.check_out THEN NEW.check_out ELSE check_out END,
           booking_status = NEW.booking_status, updated_at = now()
     WHERE booking_id = NEW.booking_id;
  END IF;
  RETURN NEW;
END;
$$;

ALTER TABLE booking_units DROP CONSTRAINT booking_units_booking_unit_key;
CREATE INDEX booking_units_booking_unit_idx ON booking_units (booking_id, unit_id);

-- SPEC §3's view, now with each line's own nights.
CREATE OR REPLACE VIEW booking_availability AS
  SELECT bu.booking_id, bu.unit_id, b.booking_status, bu.check_in, bu.check_out
  FROM booking_units bu
  JOIN bookings b ON b.booking_id = bu.booking_id;
