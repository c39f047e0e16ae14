import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DocumentKind } from '../../domain/documents';
import { actorIdSql, type ActorPayload } from '../db/actor-settings';
import type { AppDb, AppTx } from '../db/client';
import { firstJsonValue, fromJsonRow } from '../db/json-rows';
import { bookings, documentCounters, documents } from '../db/schema';

/**
 * Issue 20: the one writer of documents and document_counters. A document is inserted once and
 * only ever updated to void (the database refuses anything else, migrations/0020_documents.sql);
 * its number comes from its kind's counter row in the same transaction.
 */

type Executor = AppDb | AppTx;

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocumentRow = Omit<
  typeof documents.$inferInsert,
  | 'document_id'
  | 'status'
  | 'issued_by'
  | 'issued_by_name'
  | 'void_reason'
  | 'voided_at'
  | 'voided_by'
>;

/** A document with what its lists show beside it. */
export type DocumentRecord = DocumentRow & {
  booking_reference: string;
  replaced_by: { kind: string; number: number } | null;
};

/** The acting user of the transaction (db/actor-settings.ts), when they are a user of ours. */
const actorId = actorIdSql;

/** The next number `kind` would take (tests and the settings page read it; nothing is taken). */
export async function peekDocumentNumber(db: Executor, kind: DocumentKind): Promise<number> {
  const rows = await db
    .select({ next: documentCounters.next_number })
    .from(documentCounters)
    .where(eq(documentCounters.kind, kind));
  return rows[0]?.next ?? 1;
}

/** Migration 0030: issue_document refuses facts that changed since they were read. */
export const DOCUMENT_FACTS_CHANGED_STATE = 'DOCST';
/** Migration 0030: issue_document's number is past the approved serial range. */
export const SERIAL_USED_UP_STATE = 'DOCSX';

/**
 * A stamp of every row a document of the booking is worked out from (migration 0030's
 * document_facts_stamp): read it before the facts, and issue_document writes only while it holds.
 */
export async function findDocumentFactsStamp(db: Executor, bookingId: string): Promise<string> {
  const result = await db.execute(sql`SELECT document_facts_stamp(${bookingId}::uuid) AS stamp`);
  const rows = (result as unknown as { rows: { stamp: string }[] }).rows;
  return rows[0]!.stamp;
}

/** What issue_document(jsonb) writes: the row without its number and issuer. */
export type IssueDocumentInput = {
  actor: ActorPayload | null;
  booking_id: string;
  /** null: the caller's transaction has held the booking's lock since before its reads. */
  stamp: string | null;
  kind: DocumentKind;
  /** The series starts here at the least (an invoice's approved serial). */
  floor: number;
  /** The last number allowed (an invoice's approved serial range); null for none. */
  serial_to: number | null;
  /** displayDocumentNumber's prefix: the function writes the number into the snapshot. */
  number_prefix: string;
  row: Omit<NewDocumentRow, 'kind' | 'number' | 'issued_at'> & { issued_at: string };
};

/**
 * Issue 24: under the booking's lock, re-checks the stamp (a changed fact is SQLSTATE DOCST),
 * takes the kind's next number (past the serial range is DOCSX, and gives it back) and inserts the
 * document, in one statement; a rollback of any part gives the number back.
 */
export async function issueDocumentRow(
  db: Executor,
  input: IssueDocumentInput,
): Promise<DocumentRow> {
  const result = await db.execute(
    sql`SELECT issue_document(${JSON.stringify(input)}::jsonb) AS issued`,
  );
  return fromJsonRow<DocumentRow>(
    documents,
    firstJsonValue<Record<string, unknown>>(result, 'issued'),
  );
}

export async function voidDocumentRow(
  tx: AppTx,
  documentId: string,
  reason: string,
  at: Date,
): Promise<DocumentRow | null> {
  const rows = await tx
    .update(documents)
    .set({ status: 'void', void_reason: reason, voided_at: at, voided_by: actorId })
    .where(and(eq(documents.document_id, documentId), eq(documents.status, 'issued')))
    .returning();
  return rows[0] ?? null;
}

/** The document row, locked until the transaction ends when `tx` asks for it. */
export async function lockDocumentRow(tx: AppTx, documentId: string): Promise<DocumentRow | null> {
  const rows = await tx
    .select()
    .from(documents)
    .where(eq(documents.document_id, documentId))
    .for('update');
  return rows[0] ?? null;
}

/** The documents of a booking that are in force or not, as rows (the issuing checks read them). */
export function findDocumentRowsOfBooking(db: Executor, bookingId: string): Promise<DocumentRow[]> {
  return db.select().from(documents).where(eq(documents.booking_id, bookingId));
}

const replacement = alias(documents, 'replacement');

function selectRecords(db: Executor, where: SQL | undefined) {
  return db
    .select({
      document: documents,
      booking_reference: bookings.booking_reference,
      replaced_by_kind: replacement.kind,
      replaced_by_number: replacement.number,
    })
    .from(documents)
    .innerJoin(bookings, eq(bookings.booking_id, documents.booking_id))
    .leftJoin(replacement, eq(replacement.replaces_document_id, documents.document_id))
    .where(where);
}

type SelectedRecord = Awaited<ReturnType<typeof selectRecords>>[number];

function toRecord(row: SelectedRecord): DocumentRecord {
  return {
    ...row.document,
    booking_reference: row.booking_reference,
    replaced_by:
      row.replaced_by_kind !== null && row.replaced_by_number !== null
        ? { kind: row.replaced_by_kind, number: row.replaced_by_number }
        : null,
  };
}

/** One document with its booking's reference, or null. */
export async function findDocumentRecord(
  db: Executor,
  documentId: string,
): Promise<DocumentRecord | null> {
  const rows = await selectRecords(db, eq(documents.document_id, documentId));
  return rows[0] ? toRecord(rows[0]) : null;
}

/** A booking's documents, newest first. */
export async function findDocumentRecordsOfBooking(
  db: Executor,
  bookingId: string,
): Promise<DocumentRecord[]> {
  const rows = await selectRecords(db, eq(documents.booking_id, bookingId)).orderBy(
    desc(documents.issued_at),
    desc(documents.number),
  );
  return rows.map(toRecord);
}

/** The documents issued on the resort's days `from`..`to`, by kind and number. */
export async function findDocumentRecordsIssued(
  db: Executor,
  range: { from: string; to: string; kind?: DocumentKind },
): Promise<DocumentRecord[]> {
  const rows = await selectRecords(
    db,
    and(
      gte(documents.issue_date, range.from),
      lte(documents.issue_date, range.to),
      range.kind ? eq(documents.kind, range.kind) : undefined,
    ),
  ).orderBy(asc(documents.kind), asc(documents.number));
  return rows.map(toRecord);
}

/**
 * Every number of every series, for the gap check (a resort issues thousands, not millions), with
 * the first serial of the BIR-approved range an invoice was numbered in (null on receipts).
 */
export function findAllDocumentNumbers(
  db: Executor,
): Promise<{ kind: string; number: number; range_start: number | null }[]> {
  return db
    .select({
      kind: documents.kind,
      number: documents.number,
      range_start: sql<
        number | null
      >`(${documents.snapshot} -> 'seller' -> 'bir' ->> 'serial_from')::integer`,
    })
    .from(documents)
    .orderBy(asc(documents.kind), asc(documents.number));
}
