-- Channel sync (issue 19, DESIGN §8 "channel holds"): each cabin's secret export feed, the
-- channels' feeds imported into it, their log, and the nights they hold. Holds are plain dates
-- (end exclusive: the checkout day, as in the feeds) and are guarded with direct bookings in the
-- same transaction: both sides lock the cabin's row first, as bookings and blackouts do (0001).

-- The secret of a cabin's export URL. Rotating replaces it; revoking stops the feed.
CREATE TABLE channel_export_tokens (
  unit_id uuid PRIMARY KEY REFERENCES units (unit_id) ON DELETE CASCADE,
  token text NOT NULL CHECK (char_length(token) >= 32),
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX channel_export_tokens_token_key ON channel_export_tokens (token);

CREATE TABLE channel_feeds (
  feed_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unit_id uuid NOT NULL REFERENCES units (unit_id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2000),
  channel text NOT NULL CHECK (channel IN ('Airbnb', 'Booking.com', 'Agoda', 'VRBO', 'Other')),
  last_synced_at timestamptz,
  last_success_at timestamptz,
  last_error text CHECK (char_length(last_error) <= 500),
  event_count integer NOT NULL DEFAULT 0 CHECK (event_count >= 0),
  next_run_at timestamptz NOT NULL DEFAULT now(),
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX channel_feeds_unit_idx ON channel_feeds (unit_id);
CREATE INDEX channel_feeds_next_run_idx ON channel_feeds (next_run_at);

-- What each download did: counts, skipped events, errors. A log, not business data: no audit.
CREATE TABLE channel_feed_log (
  log_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  feed_id uuid NOT NULL REFERENCES channel_feeds (feed_id) ON DELETE CASCADE,
  level text NOT NULL CHECK (level IN ('info', 'warning', 'error')),
  message text NOT NULL CHECK (char_length(message) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX channel_feed_log_feed_idx ON channel_feed_log (feed_id, created_at DESC);

-- One event of a feed: the nights [start_date, end_date) of the feed's cabin. A UID is one
-- booking on one cabin: the same UID is refused a second time, so it never holds two cabins.
CREATE TABLE external_holds (
  hold_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  feed_id uuid NOT NULL REFERENCES channel_feeds (feed_id) ON DELETE CASCADE,
  unit_id uuid NOT NULL REFERENCES units (unit_id) ON DELETE CASCADE,
  uid text NOT NULL CHECK (char_length(uid) BETWEEN 1 AND 1000),
  summary text CHECK (char_length(summary) <= 300),
  start_date date NOT NULL,
  end_date date NOT NULL,
  -- Set by the trigger below when the hold lands on nights of a direct booking.
  conflict boolean NOT NULL DEFAULT false,
  conflict_refs text,
  resolved_at timestamptz,
  resolution text CHECK (resolution IN ('moved', 'cancelled', 'handled_on_channel')),
  resolution_note text CHECK (char_length(resolution_note) <= 500),
  resolved_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT external_holds_end_after_start CHECK (end_date > start_date)
);
CREATE UNIQUE INDEX external_holds_uid_key ON external_holds (uid);
CREATE INDEX external_holds_feed_idx ON external_holds (feed_id);
CREATE INDEX external_holds_unit_dates_idx ON external_holds
  USING gist (unit_id, daterange(start_date, end_date, '[)'));
CREATE INDEX external_holds_open_conflicts_idx ON external_holds (start_date)
  WHERE conflict AND resolved_at IS NULL;

-- THE GUARD, booking side: a live booking line over a hold is refused, in the booking's own
-- transaction, naming the channel and the nights (mapped to a 409 by the server). A line that
-- already overlapped a hold (a conflict flagged at import) may still change its status, its
-- price or its notes without being refused again; new nights over a hold are refused.
CREATE FUNCTION booking_units_check_external_holds() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  hit record;
  keeps_old boolean := TG_OP = 'UPDATE' AND OLD.booking_status <> 'Cancelled'
                       AND OLD.unit_id = NEW.unit_id;
BEGIN
  IF NEW.booking_status = 'Cancelled' THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM units WHERE unit_id = NEW.unit_id FOR UPDATE;
  SELECT eh.start_date, eh.end_date, f.channel, u.unit_name INTO hit
    FROM external_holds eh
    JOIN channel_feeds f ON f.feed_id = eh.feed_id
    JOIN units u ON u.unit_id = eh.unit_id
   WHERE eh.unit_id = NEW.unit_id
     AND daterange(eh.start_date, eh.end_date, '[)') && daterange(NEW.check_in, NEW.check_out, '[)')
     AND NOT (keeps_old AND daterange(eh.start_date, eh.end_date, '[)')
                            && daterange(OLD.check_in, OLD.check_out, '[)'))
   ORDER BY eh.start_date
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '% is held by % from % to % (a booking imported from the channel). Please choose other dates.',
      hit.unit_name, hit.channel, to_char(hit.start_date, 'Mon DD, YYYY'),
      to_char(hit.end_date, 'Mon DD, YYYY')
      USING ERRCODE = '23P01', CONSTRAINT = 'booking_units_external_hold';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER booking_units_check_external_holds
  BEFORE INSERT OR UPDATE ON booking_units
  FOR EACH ROW EXECUTE FUNCTION booking_units_check_external_holds();

-- THE GUARD, import side: a hold over a direct booking is kept and flagged, never dropped.
-- The cabin's row lock orders it with a booking made at the same moment: whichever comes second
-- sees the first (the booking is refused, or the hold is flagged).
CREATE FUNCTION external_holds_flag_conflicts() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  refs text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.unit_id = NEW.unit_id AND OLD.start_date = NEW.start_date
     AND OLD.end_date = NEW.end_date THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM units WHERE unit_id = NEW.unit_id FOR UPDATE;
  SELECT string_agg(DISTINCT b.booking_reference, ', ') INTO refs
    FROM booking_units bu JOIN bookings b ON b.booking_id = bu.booking_id
   WHERE bu.unit_id = NEW.unit_id
     AND bu.booking_status <> 'Cancelled'
     AND daterange(bu.check_in, bu.check_out, '[)') && daterange(NEW.start_date, NEW.end_date, '[)');
  IF refs IS NOT NULL THEN
    NEW.conflict := true;
    NEW.conflict_refs := refs;
    NEW.resolved_at := NULL;
    NEW.resolution := NULL;
    NEW.resolution_note := NULL;
    NEW.resolved_by := NULL;
  ELSE
    NEW.conflict := false;
    NEW.conflict_refs := NULL;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER external_holds_flag_conflicts
  BEFORE INSERT OR UPDATE ON external_holds
  FOR EACH ROW EXECUTE FUNCTION external_holds_flag_conflicts();

CREATE TRIGGER channel_export_tokens_touch BEFORE UPDATE ON channel_export_tokens
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
CREATE TRIGGER channel_feeds_touch BEFORE UPDATE ON channel_feeds
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
CREATE TRIGGER external_holds_touch BEFORE UPDATE ON external_holds
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- The audit trail: feed URLs and export tokens are secrets (issue 19 §5), redacted like SPEC §3's
-- fields. The list of 0004 is kept as it was, with the two new tables added.
CREATE OR REPLACE FUNCTION audit_sensitive_fields(tbl text) RETURNS text[]
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE tbl
    WHEN 'guests' THEN ARRAY['phone_number', 'email', 'address', 'notes', 'emergency_contact_phone']
    WHEN 'bookings' THEN ARRAY['special_requests', 'internal_notes', 'email', 'contact_number', 'payment_proof_url']
    WHEN 'payments' THEN ARRAY['payment_method_details', 'transaction_reference', 'payment_proof', 'payment_proof_url', 'proof_url']
    WHEN 'users' THEN ARRAY['password', 'password_hash', 'reset_token', 'email_verification_token']
    WHEN 'expenses' THEN ARRAY['vendor_contact', 'proof_url']
    WHEN 'channel_feeds' THEN ARRAY['url']
    WHEN 'channel_export_tokens' THEN ARRAY['token']
    ELSE ARRAY[]::text[]
  END
$$;

CREATE TRIGGER channel_export_tokens_audit AFTER INSERT OR UPDATE OR DELETE ON channel_export_tokens
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('unit_id');
CREATE TRIGGER channel_feeds_audit AFTER INSERT OR DELETE ON channel_feeds
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('feed_id');
-- A sync writes the feed's status every few minutes: only a change made by staff is audited.
CREATE TRIGGER channel_feeds_audit_changes AFTER UPDATE ON channel_feeds
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.url IS DISTINCT FROM NEW.url
        OR OLD.channel IS DISTINCT FROM NEW.channel OR OLD.unit_id IS DISTINCT FROM NEW.unit_id)
  EXECUTE FUNCTION audit_row_change('feed_id');
CREATE TRIGGER external_holds_audit AFTER INSERT OR UPDATE OR DELETE ON external_holds
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('hold_id');

-- Live updates: a hold moves what is free, like a blackout.
CREATE TRIGGER external_holds_notify AFTER INSERT OR UPDATE OR DELETE ON external_holds
  FOR EACH ROW EXECUTE FUNCTION notify_resort_event('hold_id');

-- Availability (SPEC §7 check_multi_unit_availability, 0009): holds are taken nights too, named
-- by their channel. Same function otherwise.
DROP FUNCTION check_multi_unit_availability(date, date, uuid[]);

CREATE FUNCTION check_multi_unit_availability(
  p_check_in date,
  p_check_out date,
  p_unit_ids uuid[] DEFAULT NULL
)
RETURNS TABLE (unit_id uuid, is_available boolean, conflicting_bookings json)
LANGUAGE plpgsql
STABLE
AS $$
BEGIN
  RETURN QUERY
  WITH requested AS (
    SELECT r.id AS unit_id, r.ord
      FROM unnest(p_unit_ids) WITH ORDINALITY AS r(id, ord)
     WHERE p_unit_ids IS NOT NULL
    UNION ALL
    SELECT u.unit_id, row_number() OVER (ORDER BY u.unit_name, u.unit_id)
      FROM units u
     WHERE p_unit_ids IS NULL
  ),
  conflicts AS (
    SELECT bu.unit_id, bu.check_in AS sort_date,
           json_build_object(
             'type', 'booking',
             'booking_id', bu.booking_id,
             'booking_reference', (SELECT b.booking_reference FROM bookings b WHERE b.booking_id = bu.booking_id),
             'booking_status', bu.booking_status,
             'check_in', to_char(bu.check_in, 'YYYY-MM-DD'),
             'check_out', to_char(bu.check_out, 'YYYY-MM-DD'),
             'reason', 'Booked from ' || to_char(bu.check_in, 'Mon DD, YYYY')
                       || ' to ' || to_char(bu.check_out, 'Mon DD, YYYY')
           ) AS conflict
      FROM booking_units bu
     WHERE bu.booking_status <> 'Cancelled'
       AND daterange(bu.check_in, bu.check_out, '[)')
           && daterange(p_check_in, p_check_out, '[)')
       AND (p_unit_ids IS NULL OR bu.unit_id = ANY (p_unit_ids))
    UNION ALL
    SELECT ab.unit_id, ab.start_date,
           json_build_object(
             'type', 'blackout',
             'blackout_id', ab.blackout_id,
             'check_in', to_char(ab.start_date, 'YYYY-MM-DD'),
             'check_out', to_char(ab.end_date, 'YYYY-MM-DD'),
             'reason', 'Blocked from ' || to_char(ab.start_date, 'Mon DD, YYYY')
                       || ' to ' || to_char(ab.end_date, 'Mon DD, YYYY')
                       || coalesce(': ' || nullif(ab.reason, ''), '')
           )
      FROM availability_blackouts ab
     WHERE daterange(ab.start_date, ab.end_date, '[]')
           && daterange(p_check_in, p_check_out, '[)')
       AND (p_unit_ids IS NULL OR ab.unit_id = ANY (p_unit_ids))
    UNION ALL
    SELECT eh.unit_id, eh.start_date,
           json_build_object(
             'type', 'external_hold',
             'hold_id', eh.hold_id,
             'channel', f.channel,
             'check_in', to_char(eh.start_date, 'YYYY-MM-DD'),
             'check_out', to_char(eh.end_date, 'YYYY-MM-DD'),
             'reason', 'Held by ' || f.channel || ' from ' || to_char(eh.start_date, 'Mon DD, YYYY')
                       || ' to ' || to_char(eh.end_date, 'Mon DD, YYYY')
           )
      FROM external_holds eh
      JOIN channel_feeds f ON f.feed_id = eh.feed_id
     WHERE daterange(eh.start_date, eh.end_date, '[)')
           && daterange(p_check_in, p_check_out, '[)')
       AND (p_unit_ids IS NULL OR eh.unit_id = ANY (p_unit_ids))
    UNION ALL
    SELECT u.unit_id, NULL::date,
           json_build_object(
             'type', 'unit_status',
             'unit_status', u.unit_status,
             'reason', 'Cabin status is ' || u.unit_status
           )
      FROM units u
     WHERE u.unit_status <> 'Available'
       AND (p_unit_ids IS NULL OR u.unit_id = ANY (p_unit_ids))
  ),
  by_unit AS (
    SELECT c.unit_id, json_agg(c.conflict ORDER BY c.sort_date NULLS FIRST) AS list
      FROM conflicts c
     GROUP BY c.unit_id
  )
  SELECT r.unit_id,
         u.unit_id IS NOT NULL AND bu.list IS NULL,
         CASE
           WHEN u.unit_id IS NULL THEN
             json_build_array(json_build_object('type', 'not_found', 'reason', 'Cabin not found'))
           ELSE coalesce(bu.list, '[]'::json)
         END
    FROM requested r
    LEFT JOIN units u ON u.unit_id = r.unit_id
    LEFT JOIN by_unit bu ON bu.unit_id = r.unit_id
   ORDER BY r.ord;
END;
$$;
