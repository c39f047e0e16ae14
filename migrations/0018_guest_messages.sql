-- Issue 18 items 2–5: the e-mails a booking sends its guest (docs/decisions/0021-guest-messages.md).
-- One row per message: scheduled in the transaction that causes it, with its job
-- (`message:<message_id>` in jobs); the send job records `sending` before the mail leaves and
-- `sent`, `failed` or `skipped` after. Every time comes from the app's clock.
CREATE TABLE guest_messages (
  message_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES bookings (booking_id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('booking_received', 'payment_received', 'payment_verified',
    'booking_confirmed', 'balance_reminder', 'overdue_notice', 'pre_arrival', 'post_stay',
    'cancellation', 'one_off')),
  status text NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'sending', 'sent', 'failed', 'skipped', 'cancelled')),
  scheduled_at timestamptz NOT NULL,
  sent_at timestamptz,
  error text CHECK (char_length(error) <= 2000),
  -- A one-off's own subject; an automatic message's rendered subject once sent.
  subject text CHECK (char_length(subject) <= 1000),
  -- A one-off's text (automatic ones are rendered from Settings → Messages at send time).
  body text CHECK (char_length(body) <= 10000),
  is_resend boolean NOT NULL DEFAULT false,
  job_id uuid,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  CHECK ((kind = 'one_off') = (body IS NOT NULL))
);
-- One automatic message of a kind per booking ("never twice"); a resend is a row of its own.
CREATE UNIQUE INDEX guest_messages_one_per_kind ON guest_messages (booking_id, kind)
  WHERE kind <> 'one_off' AND NOT is_resend AND status <> 'cancelled';
CREATE INDEX guest_messages_booking_idx ON guest_messages (booking_id, scheduled_at);

-- DESIGN §6: what was sent to a guest is business data (its bodies are not secrets).
CREATE TRIGGER guest_messages_audit AFTER INSERT OR UPDATE OR DELETE ON guest_messages
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('message_id');

-- Unsubscribe links (RFC 8058): an address that opted out of a kind (the post-stay thank-you).
CREATE TABLE message_opt_outs (
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  kind text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (email, kind)
);
