-- Issue 21, DESIGN §8: stay rules, promo codes and the non-refundable rate plan.
--
-- A stay rule restricts the stays ARRIVING in [from_date, to_date] in its cabins (none listed:
-- every cabin); the strictest covering rule of each kind applies (src/domain/stay-rules.ts).
-- A promo code's uses are counted in promo_code_uses, one row per booking that used it, inside
-- the booking's transaction: `UPDATE promo_codes SET uses = uses + 1 WHERE ... AND (max_uses IS
-- NULL OR uses < max_uses)` takes the code's row lock, so a limit of 10 makes exactly 10 bookings
-- however many arrive together; a cancellation gives the use back (released_at, uses - 1) in the
-- cancelling transaction (src/server/promo-codes/). Limits match the zod schemas
-- (src/domain/schemas/stay-rule.schema.ts, promo-code.schema.ts).

CREATE TABLE stay_rules (
  stay_rule_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Empty: every cabin. Not a foreign key: a deleted cabin's id in a rule simply matches nothing.
  unit_ids uuid[] NOT NULL DEFAULT ARRAY[]::uuid[],
  from_date date NOT NULL,
  to_date date NOT NULL,
  min_nights integer CHECK (min_nights BETWEEN 1 AND 365),
  max_nights integer CHECK (max_nights BETWEEN 1 AND 365),
  closed_to_arrival smallint[] NOT NULL DEFAULT ARRAY[]::smallint[]
    CHECK (closed_to_arrival <@ ARRAY[0, 1, 2, 3, 4, 5, 6]::smallint[]),
  closed_to_departure smallint[] NOT NULL DEFAULT ARRAY[]::smallint[]
    CHECK (closed_to_departure <@ ARRAY[0, 1, 2, 3, 4, 5, 6]::smallint[]),
  min_days_ahead integer CHECK (min_days_ahead BETWEEN 0 AND 730),
  max_days_ahead integer CHECK (max_days_ahead BETWEEN 0 AND 730),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT stay_rules_range CHECK (to_date >= from_date),
  CONSTRAINT stay_rules_nights CHECK (min_nights IS NULL OR max_nights IS NULL OR min_nights <= max_nights),
  CONSTRAINT stay_rules_days_ahead CHECK (
    min_days_ahead IS NULL OR max_days_ahead IS NULL OR min_days_ahead <= max_days_ahead)
);
CREATE INDEX stay_rules_to_date_idx ON stay_rules (to_date);

CREATE TRIGGER stay_rules_touch BEFORE UPDATE ON stay_rules
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- DESIGN §6: rules are business settings; every change is in the audit trail.
CREATE TRIGGER stay_rules_audit AFTER INSERT OR UPDATE OR DELETE ON stay_rules
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('stay_rule_id');

CREATE TABLE promo_codes (
  promo_code_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Stored upper-case (src/domain/promo-codes.ts normalizePromoCode); never changed.
  code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{3,30}$'),
  kind text NOT NULL CHECK (kind IN ('percent', 'amount')),
  value numeric(12, 2) NOT NULL CHECK (value > 0 AND value <= 1000000),
  book_from date,
  book_to date,
  stay_from date,
  stay_to date,
  min_nights integer CHECK (min_nights BETWEEN 1 AND 365),
  unit_ids uuid[] NOT NULL DEFAULT ARRAY[]::uuid[],
  max_uses integer CHECK (max_uses BETWEEN 1 AND 1000000),
  max_uses_per_email integer CHECK (max_uses_per_email BETWEEN 1 AND 1000000),
  active boolean NOT NULL DEFAULT true,
  -- Bookings made with it and not cancelled (the promo_code_uses rows not released).
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT promo_codes_percent CHECK (kind <> 'percent' OR value BETWEEN 1 AND 100),
  CONSTRAINT promo_codes_book_range CHECK (book_from IS NULL OR book_to IS NULL OR book_to >= book_from),
  CONSTRAINT promo_codes_stay_range CHECK (stay_from IS NULL OR stay_to IS NULL OR stay_to >= stay_from)
);
CREATE UNIQUE INDEX promo_codes_code_key ON promo_codes (upper(code));

CREATE TRIGGER promo_codes_touch BEFORE UPDATE ON promo_codes
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TRIGGER promo_codes_audit AFTER INSERT OR UPDATE OR DELETE ON promo_codes
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('promo_code_id');

CREATE TABLE promo_code_uses (
  promo_code_use_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  promo_code_id uuid NOT NULL REFERENCES promo_codes (promo_code_id) ON DELETE RESTRICT,
  -- One code per booking (discounts do not stack, SPEC §9).
  booking_id uuid NOT NULL UNIQUE REFERENCES bookings (booking_id) ON DELETE CASCADE,
  -- Lower-case: uses per e-mail compare case-insensitively.
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  discount_amount numeric(12, 2) NOT NULL CHECK (discount_amount >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz
);
CREATE INDEX promo_code_uses_code_idx ON promo_code_uses (promo_code_id, email) WHERE released_at IS NULL;
CREATE INDEX promo_code_uses_created_idx ON promo_code_uses (promo_code_id, created_at);

CREATE TRIGGER promo_code_uses_audit AFTER INSERT OR UPDATE OR DELETE ON promo_code_uses
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('promo_code_use_id');

-- What a booking was made with: the code (as stored), the rate plan, and the reason a manager
-- gave for booking past a stay rule.
ALTER TABLE bookings
  ADD COLUMN promo_code text CHECK (char_length(promo_code) <= 30),
  ADD COLUMN rate_plan text NOT NULL DEFAULT 'flexible'
    CONSTRAINT bookings_rate_plan CHECK (rate_plan IN ('flexible', 'non_refundable')),
  ADD COLUMN rule_override_reason text CHECK (char_length(rule_override_reason) <= 500);
