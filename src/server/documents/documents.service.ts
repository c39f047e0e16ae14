import { seriesGaps } from './document-figures';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sumCentavos, toCentavos, toPesos } from '../../domain/centavos';
import { todayInZone } from '../../domain/dates';
import {
  BUYER_TIN_THRESHOLD,
  DOCUMENT_MESSAGES,
  DOCUMENT_TITLES,
  displayDocumentNumber,
  documentNumberPrefix,
  type DocumentKind,
  type DocumentLayout,
  type DocumentScope,
  type DocumentSnapshot,
  type DocumentStatus,
} from '../../domain/documents';
import { toCsv, type CsvColumn } from '../../domain/sanitize';
import type { BookingDto } from '../../domain/schemas/booking.schema';
import type {
  BillingSettings,
  DocumentDto,
  DocumentSummaryDto,
  GuestDocumentDto,
  IssueDocument,
  SalesJournalDto,
  SalesJournalQuery,
} from '../../domain/schemas/document.schema';
import type { FolioDto } from '../../domain/schemas/folio.schema';
import type { PaymentDto } from '../../domain/schemas/payment.schema';
import { findBookingDto } from '../bookings/booking-records.service';
import { actorPayload } from '../db/actor-settings';
import type { AppDb, AppTx } from '../db/client';
import type { AppDeps } from '../deps';
import { AppError, conflict, constraintName, notFound, sqlState } from '../errors';
import { lockFolio, readFolio } from '../folio/folio.service';
import type { ActorContext } from '../http/request-context';
import { paymentsOfBookings } from '../payments/payment-ledger.service';
import {
  bucketPesos,
  mainTreatment,
  methodLabels,
  prorateBuckets,
  stayFigures,
  withholdingOf,
  type TaxBuckets,
} from './document-figures';
import { renderDocumentPdf, renderSalesJournalPdf } from './document-pdf';
import {
  findAllDocumentNumbers,
  findDocumentRecord,
  findDocumentRecordsIssued,
  findDocumentRecordsOfBooking,
  findDocumentFactsStamp,
  findDocumentRowsOfBooking,
  issueDocumentRow,
  lockDocumentRow,
  voidDocumentRow,
  DOCUMENT_FACTS_CHANGED_STATE,
  SERIAL_USED_UP_STATE,
  type DocumentRecord,
  type DocumentRow,
  type IssueDocumentInput,
} from './documents.repository';

/**
 * Issue 20, DESIGN §8 "Documents": acknowledgement receipts and invoices issued from a booking's
 * folio, voided with a reason, listed in the sales journal, and downloaded as PDFs by staff and
 * (through a signed link) by the guest. The number is taken from the kind's counter by the
 * issuing statement, after every check: a refusal writes nothing and takes no number.
 */

type Executor = AppDb | AppTx;

export const DOCUMENT_SERVICE_MESSAGES = {
  bookingNotFound: 'Booking not found.',
  changedMeanwhile: 'The booking changed while the document was being issued. Please try again.',
  documentNotFound: 'Document not found.',
  badToken: 'This download link is not valid or has expired; look the booking up again',
} as const;

/** How long a guest's download link works. */
export const GUEST_PDF_TOKEN_DAYS = 7;

/** migrations/0020_documents.sql's unique indexes, in the words of the checks they back. */
const UNIQUE_MESSAGES: Readonly<Record<string, string>> = {
  documents_one_per_payment: DOCUMENT_MESSAGES.paymentDocumented,
  documents_one_per_stay: DOCUMENT_MESSAGES.stayDocumented,
  documents_replaces_document_id_key: DOCUMENT_MESSAGES.replacedAlready,
};

const unprocessable = (message: string, path?: string) =>
  new AppError(422, message, path ? [{ path, message }] : undefined);

function hasRegistration(billing: BillingSettings): boolean {
  return (
    billing.bir_ac_number.trim() !== '' &&
    billing.bir_ac_date !== '' &&
    billing.serial_from >= 1 &&
    billing.serial_to >= billing.serial_from
  );
}

function displayOf(kind: string, number: number): string {
  return displayDocumentNumber(kind as DocumentKind, number);
}

export function toDocumentDto(record: DocumentRecord): DocumentDto {
  const snapshot = record.snapshot as DocumentSnapshot;
  return {
    document_id: record.document_id,
    kind: record.kind as DocumentKind,
    number: record.number,
    display_number: displayOf(record.kind, record.number),
    total: record.total,
    status: record.status as DocumentStatus,
    booking_id: record.booking_id,
    booking_reference: record.booking_reference,
    scope: record.scope as DocumentScope,
    payment_id: record.payment_id,
    issued_at: record.issued_at.toISOString(),
    issue_date: record.issue_date,
    issued_by_name: record.issued_by_name,
    buyer_name: record.buyer_name,
    buyer_tin: record.buyer_tin,
    vatable_sales: record.vatable_sales,
    vat_exempt_sales: record.vat_exempt_sales,
    zero_rated_sales: record.zero_rated_sales,
    vat_amount: record.vat_amount,
    local_tax_amount: record.local_tax_amount,
    amount_paid: record.amount_paid,
    booklet_serial: record.booklet_serial,
    void_reason: record.void_reason,
    voided_at: record.voided_at ? record.voided_at.toISOString() : null,
    replaces_document_id: record.replaces_document_id,
    replaces_display_number: snapshot.replaces_display_number ?? null,
    replaced_by_display_number: record.replaced_by
      ? displayOf(record.replaced_by.kind, record.replaced_by.number)
      : null,
  };
}

function toSummary(dto: DocumentDto): DocumentSummaryDto {
  const { document_id, kind, number, display_number, total, status } = dto;
  return { document_id, kind, number, display_number, total, status };
}

/* ------------------------------------------------------------------ the guest's signed link */

function tokenSignature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`document-pdf\n${payload}`).digest();
}

/** `<expiry in epoch seconds>.<HMAC of document id and expiry>`: no table lookup. */
export function documentPdfToken(secret: string, documentId: string, expiresAt: Date): string {
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  const signature = tokenSignature(secret, `${documentId.toLowerCase()}.${expires}`);
  return `${expires}.${signature.toString('base64url')}`;
}

/** Whether `token` was signed for this document and has not expired at `now`. */
export function isDocumentPdfToken(
  secret: string,
  documentId: string,
  token: string,
  now: Date,
): boolean {
  const [expires, signature, ...rest] = token.split('.');
  if (!expires || !signature || rest.length > 0 || !/^\d{1,12}$/.test(expires)) return false;
  const expected = tokenSignature(secret, `${documentId.toLowerCase()}.${expires}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return Number(expires) * 1000 > now.getTime();
}

/* ------------------------------------------------------------------ the sales journal */

type JournalRow = DocumentDto;

const JOURNAL_CSV_COLUMNS: CsvColumn<JournalRow>[] = [
  { header: 'Number', value: 'display_number' },
  { header: 'Date', value: 'issue_date' },
  { header: 'Booking', value: 'booking_reference' },
  { header: 'Buyer', value: 'buyer_name' },
  { header: 'Buyer TIN', value: (row) => row.buyer_tin ?? '' },
  { header: 'VATable', value: (row) => row.vatable_sales.toFixed(2) },
  { header: 'VAT-exempt', value: (row) => row.vat_exempt_sales.toFixed(2) },
  { header: 'Zero-rated', value: (row) => row.zero_rated_sales.toFixed(2) },
  { header: 'VAT', value: (row) => row.vat_amount.toFixed(2) },
  { header: 'Total', value: (row) => row.total.toFixed(2) },
  { header: 'Status', value: 'status' },
  { header: 'Booklet serial', value: (row) => row.booklet_serial ?? '' },
  { header: 'Void reason', value: (row) => row.void_reason ?? '' },
];

/* ------------------------------------------------------------------ issuing */

type IssueFacts = {
  billing: BillingSettings;
  timeZone: string;
  now: Date;
  booking: BookingDto | null;
  existing: DocumentRow[];
  folio: FolioDto;
  payments: PaymentDto[];
};

/**
 * What a document of the booking is worked out from, read side by side without a transaction
 * after the stamp of those rows (migration 0030): whatever changes after the stamp was read makes
 * issue_document refuse the write, so the reads can never be older than the stamp says.
 */
async function readIssueFacts(
  db: AppDb | AppTx,
  bookingId: string,
  deps: Pick<AppDeps, 'settings' | 'clock'>,
  stamped: boolean,
): Promise<{ stamp: string | null; facts: IssueFacts }> {
  const stamp = stamped ? await findDocumentFactsStamp(db, bookingId) : null;
  const [general, billing, booking, existing, folio, payments] = await Promise.all([
    deps.settings.getGeneral(db),
    deps.settings.getBilling(db),
    findBookingDto(db, bookingId),
    findDocumentRowsOfBooking(db, bookingId),
    readFolio(db, bookingId),
    paymentsOfBookings(db, [bookingId]),
  ]);
  return {
    stamp,
    facts: {
      billing,
      timeZone: general.timezone,
      now: deps.clock.now(),
      booking,
      existing,
      folio,
      payments,
    },
  };
}

/**
 * Checks and figures one document from the facts read (every refusal is thrown here, before any
 * number is taken): what it says and the row it is written as, all but its number.
 */
function workOutDocument(
  bookingId: string,
  input: IssueDocument,
  facts: IssueFacts,
): Omit<IssueDocumentInput, 'actor' | 'stamp'> {
  const { billing, booking, existing, folio, payments } = facts;
  if (!booking) throw notFound(DOCUMENT_SERVICE_MESSAGES.bookingNotFound);
  if (!billing.registered_name.trim() || !billing.address.trim() || !billing.tin.trim()) {
    throw unprocessable(DOCUMENT_MESSAGES.billingProfileMissing);
  }
  const kind = billing.mode;
  if (kind === 'invoice' && !hasRegistration(billing)) {
    throw unprocessable(DOCUMENT_MESSAGES.invoiceNeedsRegistration);
  }
  const inForce = existing.filter((row) => row.status === 'issued');
  let replaces: (typeof existing)[number] | null = null;
  if (input.replaces_document_id) {
    const wanted = input.replaces_document_id.toLowerCase();
    replaces = existing.find((row) => row.document_id === wanted) ?? null;
    if (!replaces || replaces.status !== 'void') {
      throw unprocessable(DOCUMENT_MESSAGES.notVoidForReissue, 'replaces_document_id');
    }
    if (existing.some((row) => row.replaces_document_id === wanted)) {
      throw conflict(DOCUMENT_MESSAGES.replacedAlready);
    }
  }

  const stay = stayFigures(folio);
  if (stay.total <= 0n) throw unprocessable(DOCUMENT_MESSAGES.nothingToBill);
  const verified = payments.filter((payment) => payment.payment_status === 'Completed');

  let buckets: TaxBuckets;
  let total: bigint;
  let lines: DocumentSnapshot['lines'];
  let discounts: DocumentSnapshot['discounts'];
  let amountPaid: number;
  let method: string | null;
  let paymentId: string | null = null;
  if (input.scope === 'payment') {
    const wanted = (input.payment_id ?? '').toLowerCase();
    const payment = payments.find((row) => row.payment_id === wanted);
    if (!payment) throw unprocessable(DOCUMENT_MESSAGES.paymentNotOnBooking, 'payment_id');
    if (payment.payment_status !== 'Completed') {
      throw unprocessable(DOCUMENT_MESSAGES.paymentNotVerified, 'payment_id');
    }
    if (inForce.some((row) => row.payment_id === payment.payment_id)) {
      throw conflict(DOCUMENT_MESSAGES.paymentDocumented);
    }
    if (inForce.some((row) => row.scope === 'booking')) {
      throw conflict(DOCUMENT_MESSAGES.stayDocumented);
    }
    total = toCentavos(payment.payment_amount);
    buckets = prorateBuckets(stay, stay.total, total);
    lines = [
      {
        description: `Payment for booking ${booking.booking_reference}, ${booking.check_in}–${booking.check_out}`,
        quantity: 1,
        unit_price: payment.payment_amount,
        amount: payment.payment_amount,
        tax_treatment: mainTreatment(buckets),
      },
    ];
    discounts = [];
    amountPaid = payment.payment_amount;
    method = methodLabels([payment.payment_method]);
    paymentId = payment.payment_id;
  } else {
    if (inForce.some((row) => row.scope === 'booking')) {
      throw conflict(DOCUMENT_MESSAGES.stayDocumented);
    }
    if (inForce.some((row) => row.scope === 'payment')) {
      throw conflict(DOCUMENT_MESSAGES.stayAndPayments);
    }
    buckets = stay;
    total = stay.total;
    lines = stay.lines;
    discounts = stay.discounts;
    amountPaid = folio.paid_total;
    method =
      toCentavos(folio.paid_total) > 0n
        ? methodLabels(verified.map((p) => p.payment_method))
        : null;
  }

  if (
    input.buyer_vat_registered &&
    total >= toCentavos(BUYER_TIN_THRESHOLD) &&
    (!input.buyer_tin || !input.buyer_address)
  ) {
    throw unprocessable(DOCUMENT_MESSAGES.buyerTinRequired, 'buyer_tin');
  }

  const figures = bucketPesos(buckets);
  const issueDate = todayInZone(facts.timeZone, facts.now);
  const snapshot: DocumentSnapshot = {
    kind,
    title: DOCUMENT_TITLES[kind],
    // issue_document writes the number it takes into both.
    number: 0,
    display_number: '',
    issue_date: issueDate,
    scope: input.scope,
    seller: {
      registered_name: billing.registered_name,
      business_style: billing.business_style.trim() === '' ? null : billing.business_style,
      address: billing.address,
      tin: billing.tin,
      vat_registered: billing.vat_registered,
      bir:
        kind === 'invoice'
          ? {
              ac_number: billing.bir_ac_number,
              ac_date: billing.bir_ac_date,
              serial_from: billing.serial_from,
              serial_to: billing.serial_to,
            }
          : null,
    },
    buyer: {
      name: input.buyer_name ?? booking.guest_name,
      address: input.buyer_address ?? null,
      tin: input.buyer_tin ?? null,
    },
    booking: {
      reference: booking.booking_reference,
      check_in: booking.check_in,
      check_out: booking.check_out,
      unit_names: booking.booking_units.flatMap((line) => (line.unit ? [line.unit.unit_name] : [])),
    },
    lines,
    discounts,
    ...figures,
    total: toPesos(total),
    amount_paid: amountPaid,
    payment_method: method,
    withholding: input.withholding_percent
      ? {
          percent: input.withholding_percent,
          amount: toPesos(withholdingOf(buckets, input.withholding_percent)),
        }
      : null,
    booklet_serial: kind === 'acknowledgement_receipt' ? (input.booklet_serial ?? null) : null,
    replaces_display_number: replaces ? displayOf(replaces.kind, replaces.number) : null,
  };
  return {
    booking_id: bookingId,
    kind,
    floor: kind === 'invoice' ? billing.serial_from : 1,
    serial_to: kind === 'invoice' ? billing.serial_to : null,
    number_prefix: documentNumberPrefix(kind),
    row: {
      booking_id: bookingId,
      scope: input.scope,
      payment_id: paymentId,
      snapshot,
      issue_date: issueDate,
      ...figures,
      total: snapshot.total,
      amount_paid: amountPaid,
      buyer_name: snapshot.buyer.name,
      buyer_address: snapshot.buyer.address,
      buyer_tin: snapshot.buyer.tin,
      booklet_serial: snapshot.booklet_serial,
      replaces_document_id: replaces?.document_id ?? null,
      issued_at: facts.now.toISOString(),
    },
  };
}

/** The newest issued document of a booking as a PDF, for the e-mails (null when none). */
export async function newestDocumentPdf(
  db: Executor,
  bookingId: string,
): Promise<{ filename: string; content: Buffer } | null> {
  const newest = (await findDocumentRecordsOfBooking(db, bookingId)).find(
    (record) => record.status === 'issued',
  );
  if (!newest) return null;
  return {
    filename: `${displayOf(newest.kind, newest.number)}.pdf`,
    content: await pdfOf(newest, 'a4'),
  };
}

function pdfOf(record: DocumentRecord, layout: DocumentLayout): Promise<Buffer> {
  return renderDocumentPdf(
    {
      snapshot: record.snapshot as DocumentSnapshot,
      status: record.status as DocumentStatus,
      void_reason: record.void_reason,
    },
    layout,
  );
}

/**
 * The guest's documents (POST /api/guest-booking/status), newest first, each with a signed link
 * to its PDF valid for GUEST_PDF_TOKEN_DAYS.
 */
export async function guestDocumentsOf(
  deps: Pick<AppDeps, 'database' | 'clock' | 'config'>,
  bookingId: string,
): Promise<GuestDocumentDto[]> {
  const expires = new Date(deps.clock.now().getTime() + GUEST_PDF_TOKEN_DAYS * 86_400_000);
  return (await findDocumentRecordsOfBooking(deps.database.db, bookingId)).map((found) => {
    const token = documentPdfToken(deps.config.sessionSecret, found.document_id, expires);
    return {
      display_number: displayOf(found.kind, found.number),
      kind: found.kind as DocumentKind,
      issue_date: found.issue_date,
      total: found.total,
      status: found.status as DocumentStatus,
      pdf_url: `/api/public/documents/${found.document_id}/pdf?token=${encodeURIComponent(token)}`,
    };
  });
}

export type DocumentFile = { filename: string; contentType: string; body: Buffer | string };

export function createDocumentsService(
  deps: Pick<AppDeps, 'database' | 'settings' | 'clock' | 'config'>,
) {
  const db = deps.database.db;

  async function record(documentId: string): Promise<DocumentRecord> {
    const found = await findDocumentRecord(db, documentId);
    if (!found) throw notFound(DOCUMENT_SERVICE_MESSAGES.documentNotFound);
    return found;
  }

  async function journal(query: SalesJournalQuery): Promise<SalesJournalDto> {
    const records = await findDocumentRecordsIssued(db, query);
    const documents = records.map(toDocumentDto);
    const issued = documents.filter((doc) => doc.status === 'issued');
    const sum = (pick: (doc: DocumentDto) => number) =>
      toPesos(sumCentavos(issued.map((doc) => toCentavos(pick(doc)))));
    const numbers = (await findAllDocumentNumbers(db)).filter(
      (row) => !query.kind || row.kind === query.kind,
    );
    return {
      from: query.from,
      to: query.to,
      documents,
      totals: {
        count: issued.length,
        void_count: documents.length - issued.length,
        vatable_sales: sum((doc) => doc.vatable_sales),
        vat_exempt_sales: sum((doc) => doc.vat_exempt_sales),
        zero_rated_sales: sum((doc) => doc.zero_rated_sales),
        vat_amount: sum((doc) => doc.vat_amount),
        local_tax_amount: sum((doc) => doc.local_tax_amount),
        total: sum((doc) => doc.total),
      },
      gaps: seriesGaps(numbers),
    };
  }

  async function pdf(documentId: string, layout: DocumentLayout): Promise<DocumentFile> {
    const found = await record(documentId);
    return {
      filename: `${displayOf(found.kind, found.number)}.pdf`,
      contentType: 'application/pdf',
      body: await pdfOf(found, layout),
    };
  }

  return {
    /**
     * POST /api/bookings/:id/documents (staff and up). Issue 24: on PostgreSQL the facts are read
     * side by side and the document written by one statement that re-checks them under the
     * booking's lock (migration 0030); facts that changed meanwhile are read again, and the third
     * try runs in a transaction that holds the lock from the start, as every try does on the
     * embedded database, whose one connection runs one statement at a time anyway.
     */
    async issue(
      bookingId: string,
      input: IssueDocument,
      context: ActorContext,
    ): Promise<DocumentSummaryDto> {
      const actor = actorPayload({
        ...context.actor,
        correlationId: context.correlationId,
        ipAddress: context.ipAddress,
        userAgent: context.userAgent ?? '',
      });
      const once = async (on: AppDb | AppTx, stamped: boolean): Promise<DocumentRecord> => {
        const { stamp, facts } = await readIssueFacts(on, bookingId, deps, stamped);
        const worked = workOutDocument(bookingId, input, facts);
        const row = await issueDocumentRow(on, { ...worked, actor, stamp });
        // The answer is the inserted row, not a second read. A document just issued is replaced
        // by nothing yet (a replacement needs it void first).
        return { ...row, booking_reference: facts.booking!.booking_reference, replaced_by: null };
      };
      const locked = () =>
        context.transaction(async (tx) => {
          await lockFolio(tx, bookingId);
          return once(tx, false);
        });
      const attempts =
        deps.database.kind === 'pglite'
          ? [locked]
          : [() => once(db, true), () => once(db, true), locked];
      for (const [index, attempt] of attempts.entries()) {
        try {
          return toSummary(toDocumentDto(await attempt()));
        } catch (error: unknown) {
          const state = sqlState(error);
          if (state === DOCUMENT_FACTS_CHANGED_STATE && index < attempts.length - 1) continue;
          if (state === DOCUMENT_FACTS_CHANGED_STATE) {
            throw conflict(DOCUMENT_SERVICE_MESSAGES.changedMeanwhile);
          }
          if (state === SERIAL_USED_UP_STATE) {
            throw unprocessable(DOCUMENT_MESSAGES.serialRangeExhausted);
          }
          // The database's guards, should two issues ever pass the checks at once.
          const message = UNIQUE_MESSAGES[constraintName(error) ?? ''];
          throw message ? conflict(message) : error;
        }
      }
      throw new Error('unreachable: the last attempt answers or throws');
    },

    /** GET /api/bookings/:id/documents: newest first (404 for an unknown booking). */
    async listOfBooking(bookingId: string): Promise<DocumentDto[]> {
      if (!(await findBookingDto(db, bookingId))) {
        throw notFound(DOCUMENT_SERVICE_MESSAGES.bookingNotFound);
      }
      return (await findDocumentRecordsOfBooking(db, bookingId)).map(toDocumentDto);
    },

    /** POST /api/documents/:id/void (managers and up): 409 when it is void already. */
    async void(documentId: string, reason: string, context: ActorContext): Promise<DocumentDto> {
      await context.transaction(async (tx) => {
        const row = await lockDocumentRow(tx, documentId);
        if (!row) throw notFound(DOCUMENT_SERVICE_MESSAGES.documentNotFound);
        if (row.status !== 'issued') throw conflict(DOCUMENT_MESSAGES.alreadyVoid);
        const voided = await voidDocumentRow(tx, documentId, reason, deps.clock.now());
        if (!voided) throw conflict(DOCUMENT_MESSAGES.alreadyVoid);
      });
      return toDocumentDto(await record(documentId));
    },

    /** GET /api/documents/:id/pdf (staff and up). */
    pdf,

    /** GET /api/public/documents/:id/pdf?token=: 403 for a wrong or expired token. */
    async guestPdf(
      documentId: string,
      token: string,
      layout: DocumentLayout,
    ): Promise<DocumentFile> {
      const secret = deps.config.sessionSecret;
      if (!isDocumentPdfToken(secret, documentId, token, deps.clock.now())) {
        throw new AppError(403, DOCUMENT_SERVICE_MESSAGES.badToken);
      }
      return pdf(documentId, layout);
    },

    /** The guest's documents in POST /api/guest-booking/status, each with a 7-day link. */
    guestDocuments: (bookingId: string) => guestDocumentsOf(deps, bookingId),

    /** GET /api/documents?from&to[&kind] (managers and up). */
    journal,

    /** GET /api/documents/export?format=csv|pdf: the journal as a file. */
    async exportJournal(
      query: SalesJournalQuery & { format: 'csv' | 'pdf' },
    ): Promise<DocumentFile> {
      const data = await journal(query);
      const name = `sales-journal-${query.from}-to-${query.to}`;
      if (query.format === 'csv') {
        return {
          filename: `${name}.csv`,
          contentType: 'text/csv; charset=utf-8',
          body: toCsv(data.documents, JOURNAL_CSV_COLUMNS),
        };
      }
      const billing = await deps.settings.getBilling();
      return {
        filename: `${name}.pdf`,
        contentType: 'application/pdf',
        body: await renderSalesJournalPdf(data, {
          registered_name: billing.registered_name,
          address: billing.address,
          tin: billing.tin,
        }),
      };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
