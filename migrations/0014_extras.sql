-- Issue 17 point 4, DESIGN §8: the catalogue of extras a stay can carry (breakfast, a boat
-- transfer, an island tour, the environmental fee, ...). `price` is VAT-exclusive like the room
-- rates; VAT and local tax are added as for rooms when the extra is VATable
-- (src/domain/extras-pricing.ts). Extras are never deleted (a folio entry may name one): an
-- extra no longer sold is made inactive. Limits match src/domain/schemas/extra.schema.ts.
CREATE TABLE extras (
  extra_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 100),
  price numeric(12, 2) NOT NULL CHECK (price BETWEEN 0 AND 100000),
  charge_per text NOT NULL CHECK (charge_per IN ('stay', 'night', 'person', 'person_night')),
  tax_treatment text NOT NULL CHECK (tax_treatment IN ('vatable', 'exempt', 'zero_rated')),
  guest_bookable boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Two extras of one name would be indistinguishable on a folio or the booking form.
CREATE UNIQUE INDEX extras_name_key ON extras (lower(btrim(name)));

CREATE TRIGGER extras_touch BEFORE UPDATE ON extras
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- DESIGN §6: prices are business data; every change is in the audit trail.
CREATE TRIGGER extras_audit AFTER INSERT OR UPDATE OR DELETE ON extras
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('extra_id');
