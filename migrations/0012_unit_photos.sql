-- Cabin photos (issue 15, point 20): up to 8 per cabin, in the order the resort chooses. The
-- files live in the public storage bucket "unit-photos" under random names (a large variant and
-- a thumbnail, both re-encoded WebP without metadata); this table says which cabin they belong
-- to, in what order, their sizes and their alternative text.
CREATE TABLE unit_photos (
  photo_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unit_id uuid NOT NULL REFERENCES units (unit_id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position BETWEEN 0 AND 7),
  storage_key text NOT NULL CHECK (storage_key ~ '^[a-z0-9-]{1,100}\.webp$'),
  thumb_key text NOT NULL CHECK (thumb_key ~ '^[a-z0-9-]{1,100}\.webp$'),
  width integer NOT NULL CHECK (width BETWEEN 1 AND 10000),
  height integer NOT NULL CHECK (height BETWEEN 1 AND 10000),
  thumb_width integer NOT NULL CHECK (thumb_width BETWEEN 1 AND 10000),
  thumb_height integer NOT NULL CHECK (thumb_height BETWEEN 1 AND 10000),
  alt_text text CHECK (char_length(alt_text) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Deferred, so a reorder may swap positions within one transaction.
  CONSTRAINT unit_photos_position_key UNIQUE (unit_id, position) DEFERRABLE INITIALLY DEFERRED
);
CREATE UNIQUE INDEX unit_photos_storage_key_key ON unit_photos (storage_key);
CREATE UNIQUE INDEX unit_photos_thumb_key_key ON unit_photos (thumb_key);

-- At most 8 photos per cabin, whoever inserts them: the cabin's row is locked first, so two
-- uploads at once count one after the other (the service checks the same way, with a message).
CREATE FUNCTION unit_photos_limit() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM units WHERE unit_id = NEW.unit_id FOR UPDATE;
  IF (SELECT count(*) FROM unit_photos
       WHERE unit_id = NEW.unit_id AND photo_id <> NEW.photo_id) >= 8 THEN
    RAISE EXCEPTION 'A cabin can have at most 8 photos.'
      USING ERRCODE = '23514', CONSTRAINT = 'unit_photos_limit';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER unit_photos_limit BEFORE INSERT OR UPDATE OF unit_id ON unit_photos
  FOR EACH ROW EXECUTE FUNCTION unit_photos_limit();

-- DESIGN §6: every change is in the audit trail, like the other tables of a cabin.
CREATE TRIGGER unit_photos_audit AFTER INSERT OR UPDATE OR DELETE ON unit_photos
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('photo_id');
