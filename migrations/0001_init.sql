-- The resort's schema: every entity of SPEC §3 with DESIGN §6's additions.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18): see DESIGN §7 for what to avoid.

CREATE EXTENSION IF NOT EXISTS btree_gist;

-- Bookkeeping for one-off actions such as the first seed of the resort's cabins, so an owner's
-- deletion of a seeded cabin is never undone by a restart.
CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Sign-in: users, sessions, credential accounts, verification tokens and TOTP secrets. Column
-- names are snake_case; the auth library maps its own field names onto them.
CREATE TABLE users (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  image text,
  two_factor_enabled boolean NOT NULL DEFAULT false,
  password_changed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  ip_address text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE accounts (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id text NOT NULL,
  provider_id text NOT NULL,
  access_token text,
  refresh_token text,
  id_token text,
  access_token_expires_at timestamptz,
  refresh_token_expires_at timestamptz,
  scope text,
  password text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accounts_user_id_idx ON accounts (user_id);

CREATE TABLE verifications (
  id text PRIMARY KEY,
  identifier text NOT NULL,
  value text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verifications_identifier_idx ON verifications (identifier);

CREATE TABLE two_factors (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL,
  backup_codes text NOT NULL,
  verified boolean NOT NULL DEFAULT true,
  failed_verification_count integer NOT NULL DEFAULT 0,
  locked_until timestamptz
);
CREATE INDEX two_factors_user_id_idx ON two_factors (user_id);

-- Every sign-in attempt, for the 5-in-30-minutes lockout (SPEC §9) and the per-address limit.
CREATE TABLE login_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  ip_address text,
  succeeded boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_email_idx ON login_attempts (lower(email), created_at);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip_address, created_at);

-- SPEC §6: one active role per user.
CREATE TABLE app_roles (
  role_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('admin', 'owner', 'manager', 'staff')),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX app_roles_one_active_per_user ON app_roles (user_id) WHERE is_active;

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_by text REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- SPEC §3 Unit; limits of SPEC §5 and §9 are database constraints too.
CREATE TABLE units (
  unit_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unit_name varchar(50) NOT NULL CHECK (char_length(btrim(unit_name)) >= 1),
  unit_code varchar(10) NOT NULL CHECK (unit_code ~ '^[A-Z0-9]{1,10}$'),
  unit_type text NOT NULL CHECK (unit_type IN
    ('Standard', 'Deluxe', 'Suite', 'Villa', 'Studio', 'One Bedroom', 'Two Bedroom')),
  description text CHECK (char_length(description) <= 2000),
  base_occupancy integer NOT NULL CHECK (base_occupancy BETWEEN 1 AND 20),
  max_occupancy integer NOT NULL CHECK (max_occupancy BETWEEN 1 AND 20),
  base_rate numeric(12, 2) NOT NULL CHECK (base_rate BETWEEN 100 AND 1000000),
  weekend_rate numeric(12, 2) NOT NULL CHECK (weekend_rate BETWEEN 100 AND 1000000),
  extra_person_rate numeric(12, 2) NOT NULL DEFAULT 0 CHECK (extra_person_rate BETWEEN 0 AND 50000),
  unit_status text NOT NULL DEFAULT 'Available'
    CHECK (unit_status IN ('Available', 'Occupied', 'Maintenance', 'Reserved')),
  amenities text[],
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT units_weekend_rate_not_below_base CHECK (weekend_rate >= base_rate),
  CONSTRAINT units_base_occupancy_within_max CHECK (base_occupancy <= max_occupancy)
);
CREATE UNIQUE INDEX units_unit_code_key ON units (unit_code);

CREATE TABLE guests (
  guest_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guest_name varchar(100) NOT NULL,
  email varchar(254) NOT NULL,
  phone_number varchar(30),
  notes text CHECK (char_length(notes) <= 1000),
  is_corporate boolean NOT NULL DEFAULT false,
  total_bookings integer NOT NULL DEFAULT 0 CHECK (total_bookings >= 0),
  total_spent numeric(12, 2) NOT NULL DEFAULT 0,
  anonymized_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- DESIGN §6: a guest is found by e-mail, case-insensitively.
CREATE UNIQUE INDEX guests_email_key ON guests (lower(email));
CREATE INDEX guests_name_idx ON guests (lower(guest_name));

CREATE TABLE bookings (
  booking_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_reference varchar(20) NOT NULL,
  guest_id uuid REFERENCES guests (guest_id) ON DELETE RESTRICT,
  guest_name varchar(100) NOT NULL,
  contact_number varchar(30),
  email varchar(254) NOT NULL,
  num_guests integer NOT NULL CHECK (num_guests BETWEEN 1 AND 200),
  check_in date NOT NULL,
  check_out date NOT NULL,
  base_amount numeric(12, 2) NOT NULL DEFAULT 0 CHECK (base_amount >= 0),
  total_surcharges numeric(12, 2) NOT NULL DEFAULT 0 CHECK (total_surcharges >= 0),
  discount_name text,
  discount_amount numeric(12, 2) NOT NULL DEFAULT 0 CHECK (discount_amount >= 0),
  vat_amount numeric(12, 2) NOT NULL DEFAULT 0 CHECK (vat_amount >= 0),
  local_tax_amount numeric(12, 2) NOT NULL DEFAULT 0 CHECK (local_tax_amount >= 0),
  total_amount numeric(12, 2) NOT NULL DEFAULT 0 CHECK (total_amount >= 0),
  booking_status text NOT NULL DEFAULT 'Pending'
    CHECK (booking_status IN ('Pending', 'Confirmed', 'CheckedIn', 'CheckedOut', 'Cancelled')),
  payment_status text NOT NULL DEFAULT 'Pending'
    CHECK (payment_status IN ('Unpaid', 'Pending', 'Partial', 'Paid', 'Completed', 'Refunded')),
  payment_method text
    CHECK (payment_method IN ('GCash', 'Maya', 'BankTransfer', 'Cash', 'Card', 'Other')),
  payment_proof_url text,
  special_requests text CHECK (char_length(special_requests) <= 1000),
  internal_notes text CHECK (char_length(internal_notes) <= 1000),
  is_multi_unit boolean NOT NULL DEFAULT false,
  unit_count integer NOT NULL DEFAULT 1 CHECK (unit_count BETWEEN 1 AND 10),
  source text NOT NULL DEFAULT 'staff' CHECK (source IN ('guest', 'staff', 'web')),
  -- A guest booking whose proof has not arrived by then is cancelled (DESIGN §3).
  proof_deadline timestamptz,
  cancellation_reason text CHECK (char_length(cancellation_reason) <= 500),
  cancelled_at timestamptz,
  confirmed_at timestamptz,
  checked_in_at timestamptz,
  checked_out_at timestamptz,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bookings_check_out_after_check_in CHECK (check_out > check_in)
);
CREATE UNIQUE INDEX bookings_reference_key ON bookings (booking_reference);
CREATE INDEX bookings_guest_id_idx ON bookings (guest_id);
CREATE INDEX bookings_created_at_idx ON bookings (created_at DESC);
CREATE INDEX bookings_status_idx ON bookings (booking_status, check_in);
CREATE INDEX bookings_dates_idx ON bookings (check_in, check_out);
CREATE INDEX bookings_email_idx ON bookings (lower(email));
CREATE INDEX bookings_proof_deadline_idx ON bookings (proof_deadline) WHERE proof_deadline IS NOT NULL;

-- One line per unit of a booking. The stay dates and status are copied from the booking by
-- triggers so that the exclusion constraint can see them: the database, not the app, makes a
-- double booking impossible (DESIGN §2).
CREATE TABLE booking_units (
  booking_unit_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES bookings (booking_id) ON DELETE CASCADE,
  unit_id uuid NOT NULL REFERENCES units (unit_id) ON DELETE RESTRICT,
  check_in date NOT NULL,
  check_out date NOT NULL,
  booking_status text NOT NULL,
  unit_price numeric(12, 2) NOT NULL DEFAULT 0 CHECK (unit_price >= 0),
  weekend_surcharge numeric(12, 2) NOT NULL DEFAULT 0 CHECK (weekend_surcharge >= 0),
  extra_person_charge numeric(12, 2) NOT NULL DEFAULT 0 CHECK (extra_person_charge >= 0),
  subtotal numeric(12, 2) NOT NULL DEFAULT 0 CHECK (subtotal >= 0),
  assigned_guests integer NOT NULL DEFAULT 1 CHECK (assigned_guests BETWEEN 1 AND 20),
  unit_notes text CHECK (char_length(unit_notes) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT booking_units_booking_unit_key UNIQUE (booking_id, unit_id),
  -- A stay occupies the nights [check_in, check_out): back-to-back stays do not conflict.
  CONSTRAINT booking_units_no_overlap EXCLUDE USING gist (
    unit_id WITH =,
    daterange(check_in, check_out, '[)') WITH &&
  ) WHERE (booking_status <> 'Cancelled')
);
CREATE INDEX booking_units_booking_id_idx ON booking_units (booking_id);
-- DESIGN §7: the constraint's index leads with unit_id; "which units are free" wants the dates.
CREATE INDEX booking_units_active_dates_idx ON booking_units
  USING gist (daterange(check_in, check_out, '[)')) WHERE (booking_status <> 'Cancelled');

CREATE TABLE availability_blackouts (
  blackout_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unit_id uuid NOT NULL REFERENCES units (unit_id) ON DELETE CASCADE,
  start_date date NOT NULL,
  end_date date NOT NULL,
  reason text CHECK (char_length(reason) <= 300),
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- A blackout blocks the nights start_date to end_date inclusive (DESIGN §3).
  CONSTRAINT availability_blackouts_end_not_before_start CHECK (end_date >= start_date)
);
CREATE INDEX availability_blackouts_unit_dates_idx ON availability_blackouts
  USING gist (unit_id, daterange(start_date, end_date, '[]'));

CREATE TABLE payments (
  payment_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES bookings (booking_id) ON DELETE RESTRICT,
  payment_amount numeric(12, 2) NOT NULL CHECK (payment_amount > 0 AND payment_amount <= 100000000),
  payment_method text NOT NULL
    CHECK (payment_method IN ('GCash', 'Maya', 'BankTransfer', 'Cash', 'Card', 'Other')),
  payment_status text NOT NULL DEFAULT 'Pending'
    CHECK (payment_status IN ('Pending', 'Completed', 'Failed', 'Refunded')),
  -- Storage path of the proof in the private payment-proofs bucket; never a public URL.
  payment_proof text,
  payment_proof_url text,
  transaction_reference text CHECK (char_length(transaction_reference) <= 100),
  notes text CHECK (char_length(notes) <= 300),
  transaction_date timestamptz NOT NULL DEFAULT now(),
  verified_at timestamptz,
  verified_by text REFERENCES users (id) ON DELETE SET NULL,
  recorded_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_booking_id_idx ON payments (booking_id);
CREATE INDEX payments_status_idx ON payments (payment_status, transaction_date DESC);

CREATE TABLE expenses (
  expense_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  expense_date date NOT NULL,
  category text NOT NULL CHECK (category IN ('Utilities', 'Supplies', 'Maintenance', 'Salaries',
    'Food and Beverage', 'Marketing', 'Taxes and Fees', 'Other')),
  amount numeric(12, 2) NOT NULL CHECK (amount > 0 AND amount <= 100000000),
  description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 1000),
  vendor text CHECK (char_length(vendor) <= 100),
  vendor_contact text CHECK (char_length(vendor_contact) <= 100),
  unit_id uuid REFERENCES units (unit_id) ON DELETE SET NULL,
  proof_url text,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_by_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX expenses_date_idx ON expenses (expense_date DESC);
CREATE INDEX expenses_category_idx ON expenses (category, expense_date DESC);

-- Idempotency keys live in the database so they hold across restarts and app instances.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'completed')),
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);

-- Signed upload tokens are one use: a used token's id is kept until it would have expired.
CREATE TABLE used_upload_tokens (
  token_id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- Solved bot challenges, so a solution cannot be replayed (DESIGN §7).
CREATE TABLE used_challenges (
  challenge_id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- SPEC §3 Audit log. Append-only; rows are chained by hash (the audit trail issue).
CREATE TABLE audit_logs (
  audit_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  table_name text NOT NULL,
  record_id text,
  record_pk text,
  correlation_id text,
  action text NOT NULL,
  event_type text,
  source text NOT NULL DEFAULT 'db' CHECK (source IN ('db', 'app')),
  user_id text,
  user_email text,
  user_role text,
  old_data jsonb,
  new_data jsonb,
  changed_fields text[],
  description text,
  category text,
  severity text NOT NULL DEFAULT 'INFO' CHECK (severity IN ('INFO', 'WARNING', 'CRITICAL', 'DEBUG')),
  metadata jsonb,
  ip_address text,
  user_agent text,
  prev_hash text,
  row_hash text
);
CREATE INDEX audit_logs_created_at_idx ON audit_logs (created_at DESC, seq DESC);
CREATE INDEX audit_logs_record_idx ON audit_logs (table_name, record_id, created_at DESC);
CREATE INDEX audit_logs_user_idx ON audit_logs (user_id, created_at DESC);
CREATE INDEX audit_logs_correlation_idx ON audit_logs (correlation_id);

-- SPEC §3: a view of booking availability.
CREATE VIEW booking_availability AS
  SELECT bu.booking_id, bu.unit_id, b.booking_status, b.check_in, b.check_out
  FROM booking_units bu
  JOIN bookings b ON b.booking_id = bu.booking_id;

-- DESIGN §3: BK-<year>-<4 characters from A-Z and 2-9>, unique. The year is the resort's.
CREATE FUNCTION generate_booking_reference(zone text DEFAULT 'Asia/Manila')
RETURNS text
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  alphabet constant text := 'ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789';
  candidate text;
BEGIN
  LOOP
    candidate := 'BK-' || to_char(now() AT TIME ZONE zone, 'YYYY') || '-';
    FOR i IN 1..4 LOOP
      candidate := candidate || substr(alphabet, 1 + floor(random() * 34)::int, 1);
    END LOOP;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM bookings WHERE booking_reference = candidate);
  END LOOP;
  RETURN candidate;
END;
$$;

-- Booking lines carry the booking's dates and status, always.
CREATE FUNCTION booking_units_copy_stay() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  parent bookings%ROWTYPE;
BEGIN
  SELECT * INTO parent FROM bookings WHERE booking_id = NEW.booking_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'booking % does not exist', NEW.booking_id USING ERRCODE = '23503';
  END IF;
  NEW.check_in := parent.check_in;
  NEW.check_out := parent.check_out;
  NEW.booking_status := parent.booking_status;
  RETURN NEW;
END;
$$;
CREATE TRIGGER booking_units_copy_stay
  BEFORE INSERT OR UPDATE ON booking_units
  FOR EACH ROW EXECUTE FUNCTION booking_units_copy_stay();

CREATE FUNCTION bookings_propagate_stay() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.check_in IS DISTINCT FROM OLD.check_in
     OR NEW.check_out IS DISTINCT FROM OLD.check_out
     OR NEW.booking_status IS DISTINCT FROM OLD.booking_status THEN
    UPDATE booking_units
       SET check_in = NEW.check_in, check_out = NEW.check_out,
           booking_status = NEW.booking_status, updated_at = now()
     WHERE booking_id = NEW.booking_id;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER bookings_propagate_stay
  AFTER UPDATE ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_propagate_stay();

-- Blackouts and bookings exclude each other. Both sides lock the unit's row first, so a booking
-- and a blackout made at the same moment cannot both pass the check.
CREATE FUNCTION booking_units_check_blackouts() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  hit availability_blackouts%ROWTYPE;
BEGIN
  IF NEW.booking_status = 'Cancelled' THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM units WHERE unit_id = NEW.unit_id FOR UPDATE;
  SELECT * INTO hit FROM availability_blackouts
   WHERE unit_id = NEW.unit_id
     AND daterange(start_date, end_date, '[]') && daterange(NEW.check_in, NEW.check_out, '[)')
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'The cabin is blocked from % to %', hit.start_date, hit.end_date
      USING ERRCODE = '23P01', CONSTRAINT = 'booking_units_blackout';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER booking_units_check_blackouts
  BEFORE INSERT OR UPDATE ON booking_units
  FOR EACH ROW EXECUTE FUNCTION booking_units_check_blackouts();

CREATE FUNCTION blackouts_check_bookings() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  refs text;
BEGIN
  PERFORM 1 FROM units WHERE unit_id = NEW.unit_id FOR UPDATE;
  SELECT string_agg(b.booking_reference, ', ' ORDER BY b.check_in) INTO refs
    FROM booking_units bu JOIN bookings b ON b.booking_id = bu.booking_id
   WHERE bu.unit_id = NEW.unit_id
     AND bu.booking_status <> 'Cancelled'
     AND daterange(bu.check_in, bu.check_out, '[)') && daterange(NEW.start_date, NEW.end_date, '[]');
  IF refs IS NOT NULL THEN
    RAISE EXCEPTION 'The dates overlap existing bookings: %', refs
      USING ERRCODE = '23P01', CONSTRAINT = 'availability_blackouts_bookings', DETAIL = refs;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER blackouts_check_bookings
  BEFORE INSERT OR UPDATE ON availability_blackouts
  FOR EACH ROW EXECUTE FUNCTION blackouts_check_bookings();

-- updated_at follows every change.
CREATE FUNCTION touch_updated_at() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
CREATE TRIGGER units_touch BEFORE UPDATE ON units FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
CREATE TRIGGER guests_touch BEFORE UPDATE ON guests FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
CREATE TRIGGER bookings_touch BEFORE UPDATE ON bookings FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
CREATE TRIGGER payments_touch BEFORE UPDATE ON payments FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
CREATE TRIGGER expenses_touch BEFORE UPDATE ON expenses FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
CREATE TRIGGER blackouts_touch BEFORE UPDATE ON availability_blackouts FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
CREATE TRIGGER app_roles_touch BEFORE UPDATE ON app_roles FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
