-- Issue 20, DESIGN §8 "Documents": acknowledgement receipts and invoices. A document is issued
-- from a booking's folio (the whole stay or one verified payment), takes the next number of its
-- kind's gapless series, and keeps what it says as a snapshot; it is never edited or deleted,
-- only voided with a reason (it keeps its number). A corrected one names the void one it replaces.
--
-- The number comes from document_counters, updated in the issuing transaction
-- (UPDATE ... SET next_number = next_number + 1 RETURNING): the row lock queues concurrent issues
-- and a rollback gives the number back, which a sequence would not (src/server/documents/).

CREATE TABLE document_counters (
  kind text PRIMARY KEY CHECK (kind IN ('acknowledgement_receipt', 'invoice')),
  next_number integer NOT NULL CHECK (next_number >= 1)
);
INSERT INTO document_counters (kind, next_number)
  VALUES ('acknowledgement_receipt', 1), ('invoice', 1);

CREATE TABLE documents (
  document_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- A booking with documents is never deleted (they are the resort's books).
  booking_id uuid NOT NULL REFERENCES bookings (booking_id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('acknowledgement_receipt', 'invoice')),
  number integer NOT NULL CHECK (number >= 1),
  scope text NOT NULL CHECK (scope IN ('booking', 'payment')),
  payment_id uuid REFERENCES payments (payment_id) ON DELETE RESTRICT,
  status text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'void')),
  -- What the document says (src/domain/documents.ts DocumentSnapshot), fixed at issue.
  snapshot jsonb NOT NULL,
  -- The resort's calendar date of issue: the sales journal's day.
  issue_date date NOT NULL,
  -- The journal's figures, copied from the snapshot so the journal adds them up in SQL.
  vatable_sales numeric(12, 2) NOT NULL,
  vat_exempt_sales numeric(12, 2) NOT NULL,
  zero_rated_sales numeric(12, 2) NOT NULL,
  vat_amount numeric(12, 2) NOT NULL,
  local_tax_amount numeric(12, 2) NOT NULL,
  total numeric(12, 2) NOT NULL,
  amount_paid numeric(12, 2) NOT NULL,
  buyer_name text NOT NULL CHECK (char_length(buyer_name) BETWEEN 1 AND 150),
  buyer_address text CHECK (char_length(buyer_address) <= 300),
  buyer_tin text CHECK (char_length(buyer_tin) <= 20),
  booklet_serial text CHECK (char_length(booklet_serial) <= 40),
  void_reason text CHECK (char_length(void_reason) <= 300),
  voided_at timestamptz,
  voided_by text REFERENCES users (id) ON DELETE SET NULL,
  -- UNIQUE: a void document is corrected at most once.
  replaces_document_id uuid UNIQUE REFERENCES documents (document_id),
  issued_by text REFERENCES users (id) ON DELETE SET NULL,
  issued_by_name text,
  issued_at timestamptz NOT NULL,
  CONSTRAINT documents_kind_number UNIQUE (kind, number),
  CONSTRAINT documents_payment_scope CHECK ((scope = 'payment') = (payment_id IS NOT NULL)),
  -- A void document says why, and when; an issued one says neither.
  CONSTRAINT documents_void_reason CHECK (
    status <> 'void' OR (void_reason IS NOT NULL AND btrim(void_reason) <> '' AND voided_at IS NOT NULL)),
  CONSTRAINT documents_issued_not_void CHECK (
    status <> 'issued' OR (void_reason IS NULL AND voided_at IS NULL AND voided_by IS NULL)),
  CONSTRAINT documents_figures_add_up CHECK (
    vatable_sales + vat_exempt_sales + zero_rated_sales + vat_amount + local_tax_amount = total)
);
CREATE INDEX documents_booking_idx ON documents (booking_id, issued_at);
CREATE INDEX documents_issue_date_idx ON documents (issue_date, kind, number);
-- One document in force per payment, and one for the stay, whoever issues at the same moment.
CREATE UNIQUE INDEX documents_one_per_payment ON documents (payment_id)
  WHERE status = 'issued' AND payment_id IS NOT NULL;
CREATE UNIQUE INDEX documents_one_per_stay ON documents (booking_id)
  WHERE status = 'issued' AND scope = 'booking';

-- Never edited, never deleted: the only change is issued → void with the reason, time and user.
CREATE FUNCTION documents_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Documents are never deleted; void it with a reason instead'
      USING ERRCODE = '23514', CONSTRAINT = 'documents_never_deleted';
  END IF;
  IF OLD.status <> 'issued' OR NEW.status <> 'void'
     OR (NEW.document_id, NEW.booking_id, NEW.kind, NEW.number, NEW.scope, NEW.payment_id,
         NEW.snapshot, NEW.issue_date, NEW.vatable_sales, NEW.vat_exempt_sales,
         NEW.zero_rated_sales, NEW.vat_amount, NEW.local_tax_amount, NEW.total, NEW.amount_paid,
         NEW.buyer_name, NEW.buyer_address, NEW.buyer_tin, NEW.booklet_serial,
         NEW.replaces_document_id, NEW.issued_by, NEW.issued_by_name, NEW.issued_at)
        IS DISTINCT FROM
        (OLD.document_id, OLD.booking_id, OLD.kind, OLD.number, OLD.scope, OLD.payment_id,
         OLD.snapshot, OLD.issue_date, OLD.vatable_sales, OLD.vat_exempt_sales,
         OLD.zero_rated_sales, OLD.vat_amount, OLD.local_tax_amount, OLD.total, OLD.amount_paid,
         OLD.buyer_name, OLD.buyer_address, OLD.buyer_tin, OLD.booklet_serial,
         OLD.replaces_document_id, OLD.issued_by, OLD.issued_by_name, OLD.issued_at) THEN
    RAISE EXCEPTION 'A document is never edited; only an issued one can be voided'
      USING ERRCODE = '23514', CONSTRAINT = 'documents_never_edited';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER documents_guard BEFORE UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_guard();

CREATE FUNCTION documents_no_truncate() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'Documents are never deleted'
    USING ERRCODE = '23514', CONSTRAINT = 'documents_never_deleted';
END;
$$;

CREATE TRIGGER documents_no_truncate BEFORE TRUNCATE ON documents
  FOR EACH STATEMENT EXECUTE FUNCTION documents_no_truncate();

-- DESIGN §6: issue (INSERT; a reissue names replaces_document_id) and void (UPDATE) are audited.
CREATE TRIGGER documents_audit AFTER INSERT OR UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('document_id');

-- Live updates: the booking page's documents refresh when one is issued or voided.
CREATE TRIGGER documents_notify AFTER INSERT OR UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION notify_resort_event('document_id');
