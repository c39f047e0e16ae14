-- Issue 17, DESIGN §8, docs/decisions/0018: the folio. Every peso of a booking lives in
-- folio_entries, an append-only ledger of charges (lodging, extras, fees, discounts) and credits
-- (verified payments, refunds); a correction is a reversing entry with a reason. The booking keeps
-- total_amount and payment_status only as a projection of its folio, written in the transaction
-- that posts the entries (src/server/folio/folio.service.ts). Existing bookings get their entries
-- from the TS step that runs right after these migrations (src/server/folio/folio-backfill.ts).

CREATE TABLE folio_entries (
  entry_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order entries were posted in (several share one transaction's created_at).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  booking_id uuid NOT NULL REFERENCES bookings (booking_id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN (
    'lodging', 'extra', 'fee', 'discount', 'senior_pwd_discount', 'payment', 'refund', 'reversal')),
  description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 300),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 100000),
  unit_amount numeric(12, 2) NOT NULL,
  amount numeric(12, 2) NOT NULL,
  tax_treatment text NOT NULL CHECK (tax_treatment IN ('vatable', 'exempt', 'zero_rated')),
  vat_amount numeric(12, 2) NOT NULL DEFAULT 0,
  local_tax_amount numeric(12, 2) NOT NULL DEFAULT 0,
  -- UNIQUE: an entry is reversed at most once, whoever tries twice at the same moment.
  reverses_entry_id uuid UNIQUE REFERENCES folio_entries (entry_id),
  reason text CHECK (reason IS NULL OR char_length(reason) <= 1000),
  payment_id uuid REFERENCES payments (payment_id),
  -- The catalogue's extra (issue 17 point 4); its foreign key comes with the extras table.
  extra_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_by_name text,
  -- A reversal names the entry it reverses and why; nothing else names one.
  CONSTRAINT folio_entries_reversal_target CHECK ((kind = 'reversal') = (reverses_entry_id IS NOT NULL)),
  CONSTRAINT folio_entries_reversal_reason CHECK (
    kind <> 'reversal' OR (reason IS NOT NULL AND btrim(reason) <> '')),
  -- decision 0018 "Entries and signs": balance = Σ amount, positive when the guest owes.
  CONSTRAINT folio_entries_sign CHECK (CASE kind
    WHEN 'lodging' THEN amount >= 0
    WHEN 'extra' THEN amount >= 0
    WHEN 'fee' THEN amount >= 0
    WHEN 'discount' THEN amount <= 0
    WHEN 'senior_pwd_discount' THEN amount <= 0
    WHEN 'payment' THEN amount < 0
    WHEN 'refund' THEN amount > 0
    ELSE true END),
  -- Only a VATable charge carries VAT; money moved (payments, refunds) is not a sale.
  CONSTRAINT folio_entries_vat CHECK (tax_treatment = 'vatable' OR vat_amount = 0),
  CONSTRAINT folio_entries_credit_untaxed CHECK (
    kind NOT IN ('payment', 'refund') OR (vat_amount = 0 AND local_tax_amount = 0)),
  CONSTRAINT folio_entries_taxes_within CHECK (
    abs(vat_amount + local_tax_amount) <= abs(amount)
    AND sign(vat_amount) * sign(amount) >= 0 AND sign(local_tax_amount) * sign(amount) >= 0),
  CONSTRAINT folio_entries_payment_kind CHECK (
    payment_id IS NULL OR kind IN ('payment', 'refund', 'reversal')),
  CONSTRAINT folio_entries_extra_kind CHECK (extra_id IS NULL OR kind IN ('extra', 'reversal'))
);
CREATE INDEX folio_entries_booking_idx ON folio_entries (booking_id, seq);
CREATE INDEX folio_entries_payment_idx ON folio_entries (payment_id) WHERE payment_id IS NOT NULL;

-- A reversal is the exact negation of an entry of the same booking that is not itself a reversal.
CREATE FUNCTION folio_entries_check_reversal() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  target folio_entries%ROWTYPE;
BEGIN
  IF NEW.reverses_entry_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT * INTO target FROM folio_entries WHERE entry_id = NEW.reverses_entry_id;
  IF NOT FOUND OR target.booking_id <> NEW.booking_id THEN
    RAISE EXCEPTION 'This entry is not on this booking''s folio'
      USING ERRCODE = '23514', CONSTRAINT = 'folio_entries_reversal_same_booking';
  END IF;
  IF target.kind = 'reversal' THEN
    RAISE EXCEPTION 'A reversal cannot be reversed; post a new entry instead'
      USING ERRCODE = '23514', CONSTRAINT = 'folio_entries_no_reversal_of_reversal';
  END IF;
  IF NEW.amount <> -target.amount OR NEW.vat_amount <> -target.vat_amount
     OR NEW.local_tax_amount <> -target.local_tax_amount
     OR NEW.tax_treatment <> target.tax_treatment THEN
    RAISE EXCEPTION 'A reversal must negate the entry it reverses'
      USING ERRCODE = '23514', CONSTRAINT = 'folio_entries_reversal_negates';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER folio_entries_check_reversal BEFORE INSERT ON folio_entries
  FOR EACH ROW EXECUTE FUNCTION folio_entries_check_reversal();

-- Append-only: no entry is ever edited, and none is deleted unless its booking is being deleted
-- (an owner may delete a booking that holds no payment; its folio goes with it by the cascade,
-- which runs after the booking row is gone).
CREATE FUNCTION folio_entries_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM bookings WHERE booking_id = OLD.booking_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'Folio entries are never changed or deleted; post a reversing entry instead'
    USING ERRCODE = '23514', CONSTRAINT = 'folio_entries_append_only';
END;
$$;

CREATE TRIGGER folio_entries_append_only BEFORE UPDATE OR DELETE ON folio_entries
  FOR EACH ROW EXECUTE FUNCTION folio_entries_append_only();

CREATE FUNCTION folio_entries_no_truncate() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'Folio entries are never deleted'
    USING ERRCODE = '23514', CONSTRAINT = 'folio_entries_append_only';
END;
$$;

CREATE TRIGGER folio_entries_no_truncate BEFORE TRUNCATE ON folio_entries
  FOR EACH STATEMENT EXECUTE FUNCTION folio_entries_no_truncate();

-- DESIGN §6: the folio is business data, on the audit trail like payments.
CREATE TRIGGER folio_entries_audit AFTER INSERT OR UPDATE OR DELETE ON folio_entries
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('entry_id');

-- The booking's deposit (decision 0018 "Deposit and balance": worked out once, when it is made),
-- its balance due date, and the senior citizens and PWD among its guests (RA 9994, RA 10754).
ALTER TABLE bookings
  ADD COLUMN deposit_amount numeric(12, 2) NOT NULL DEFAULT 0 CHECK (deposit_amount >= 0),
  ADD COLUMN balance_due_date date,
  ADD COLUMN senior_pwd_guests integer NOT NULL DEFAULT 0,
  ADD COLUMN senior_pwd_ids text[] NOT NULL DEFAULT ARRAY[]::text[],
  ADD CONSTRAINT bookings_senior_pwd_guests_check CHECK (senior_pwd_guests BETWEEN 0 AND num_guests),
  ADD CONSTRAINT bookings_senior_pwd_ids_check CHECK (cardinality(senior_pwd_ids) <= senior_pwd_guests);

-- Existing bookings: the balance was due at check-in.
UPDATE bookings SET balance_due_date = check_in WHERE balance_due_date IS NULL;

-- The booking's payment status speaks the folio's vocabulary (decision 0018 "Payment status").
-- The rows are mapped here and re-derived from their folio by the backfill that follows.
ALTER TABLE bookings DROP CONSTRAINT bookings_payment_status_check;
UPDATE bookings SET payment_status = CASE payment_status
  WHEN 'Pending' THEN 'Pending verification'
  WHEN 'Partial' THEN 'Deposit paid'
  WHEN 'Completed' THEN 'Paid'
  ELSE payment_status END
 WHERE payment_status IN ('Pending', 'Partial', 'Completed');
ALTER TABLE bookings ALTER COLUMN payment_status SET DEFAULT 'Unpaid';
ALTER TABLE bookings ADD CONSTRAINT bookings_payment_status_check CHECK (payment_status IN (
  'Unpaid', 'Pending verification', 'Deposit paid', 'Paid', 'Overpaid', 'Refunded'));

-- The senior citizen and PWD ID numbers are personal data: redacted in the audit trail.
CREATE OR REPLACE FUNCTION audit_sensitive_fields(tbl text) RETURNS text[]
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE tbl
    WHEN 'guests' THEN ARRAY['phone_number', 'email', 'address', 'notes', 'emergency_contact_phone']
    WHEN 'bookings' THEN ARRAY['special_requests', 'internal_notes', 'email', 'contact_number', 'payment_proof_url', 'senior_pwd_ids']
    WHEN 'payments' THEN ARRAY['payment_method_details', 'transaction_reference', 'payment_proof', 'payment_proof_url', 'proof_url']
    WHEN 'users' THEN ARRAY['password', 'password_hash', 'reset_token', 'email_verification_token']
    WHEN 'expenses' THEN ARRAY['vendor_contact', 'proof_url']
    ELSE ARRAY[]::text[]
  END
$$;
