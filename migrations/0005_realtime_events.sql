-- Live updates (DESIGN §2): every change to bookings, their lines, payments, blackouts and units
-- is announced on the channel resort_events. NOTIFY is delivered when the transaction commits and
-- never for one that rolls back, so listeners only hear of changes that happened. Each app
-- instance LISTENs (PGlite delivers to its own listener in-process) and passes the events on to
-- its Server-Sent Events clients. The payload carries ids only, never guest data.
CREATE FUNCTION notify_resort_event() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  rec jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  PERFORM pg_notify('resort_events', json_build_object(
    'table', TG_TABLE_NAME,
    'op', TG_OP,
    'id', rec ->> TG_ARGV[0],
    'booking_id', rec ->> 'booking_id',
    'unit_id', rec ->> 'unit_id'
  )::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER bookings_notify AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION notify_resort_event('booking_id');
CREATE TRIGGER booking_units_notify AFTER INSERT OR UPDATE OR DELETE ON booking_units
  FOR EACH ROW EXECUTE FUNCTION notify_resort_event('booking_unit_id');
CREATE TRIGGER payments_notify AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION notify_resort_event('payment_id');
CREATE TRIGGER availability_blackouts_notify AFTER INSERT OR UPDATE OR DELETE ON availability_blackouts
  FOR EACH ROW EXECUTE FUNCTION notify_resort_event('blackout_id');
CREATE TRIGGER units_notify AFTER INSERT OR UPDATE OR DELETE ON units
  FOR EACH ROW EXECUTE FUNCTION notify_resort_event('unit_id');
