-- 0013 (the folio) and 0016 (channel sync) each redefined audit_sensitive_fields from 0004's list,
-- 0013 adding the senior citizen/PWD ID numbers and 0016 the feed URLs and export tokens; the later
-- one won. The list of both: every one of these fields is redacted in the audit trail.
CREATE OR REPLACE FUNCTION audit_sensitive_fields(tbl text) RETURNS text[]
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE tbl
    WHEN 'guests' THEN ARRAY['phone_number', 'email', 'address', 'notes', 'emergency_contact_phone']
    WHEN 'bookings' THEN ARRAY['special_requests', 'internal_notes', 'email', 'contact_number', 'payment_proof_url', 'senior_pwd_ids']
    WHEN 'payments' THEN ARRAY['payment_method_details', 'transaction_reference', 'payment_proof', 'payment_proof_url', 'proof_url']
    WHEN 'users' THEN ARRAY['password', 'password_hash', 'reset_token', 'email_verification_token']
    WHEN 'expenses' THEN ARRAY['vendor_contact', 'proof_url']
    WHEN 'channel_feeds' THEN ARRAY['url']
    WHEN 'channel_export_tokens' THEN ARRAY['token']
    ELSE ARRAY[]::text[]
  END
$$;
