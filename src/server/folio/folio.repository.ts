import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FolioEntry, FolioEntryDraft } from '../../domain/folio';
import type { LegacyBooking } from '../../domain/folio-migration';
import { actorIdSql, actorNameSql } from '../db/actor-settings';
import type { AppDb, AppTx, Database } from '../db/client';
import { bookingUnits, bookings, folioEntries, payments, units } from '../db/schema';

/**
 * The one writer of folio_entries (issue 17): entries are inserted, never updated or deleted (the
 * database refuses both, migrations/0013_folio.sql). Reads of a booking's folio, its facts the
 * payment status needs, and the totals the booking lists show.
 */

type Executor = AppDb | AppTx;

export type FolioEntryRow = typeof folioEntries.$inferSelect;

/** An entry to insert: a draft (domain folio.ts) and what it points at. */
export type NewFolioEntry = FolioEntryDraft & {
  payment_id?: string | null;
  extra_id?: string | null;
};

/** The acting user of the transaction (db/actor-settings.ts), when they are a user of ours. */
const actorId = actorIdSql;
const actorName = actorNameSql;

/** An entry's own columns (its booking and who posted it are the writer's). */
export function entryColumns(entry: NewFolioEntry) {
  return {
    kind: entry.kind,
    description: entry.description,
    quantity: entry.quantity,
    unit_amount: entry.unit_amount,
    amount: entry.amount,
    tax_treatment: entry.tax_treatment,
    vat_amount: entry.vat_amount,
    local_tax_amount: entry.local_tax_amount,
    reverses_entry_id: entry.reverses_entry_id,
    reason: entry.reason,
    payment_id: entry.payment_id ?? null,
    extra_id: entry.extra_id ?? null,
  };
}

/** Inserts entries on `bookingId`'s folio (or, with null, each on its own `booking_id`'s). */
export async function insertFolioEntries(
  tx: AppTx,
  bookingId: string | null,
  entries: readonly (NewFolioEntry & { booking_id?: string })[],
): Promise<FolioEntryRow[]> {
  if (entries.length === 0) return [];
  return tx
    .insert(folioEntries)
    .values(
      entries.map((entry) => ({
        booking_id: bookingId ?? entry.booking_id!,
        ...entryColumns(entry),
        created_by: actorId,
        created_by_name: actorName,
      })),
    )
    .returning();
}

/** The booking's entries in the order they were posted. */
export function findFolioEntries(db: Executor, bookingId: string): Promise<FolioEntryRow[]> {
  return db
    .select()
    .from(folioEntries)
    .where(eq(folioEntries.booking_id, bookingId))
    .orderBy(asc(folioEntries.seq));
}

export function toFolioEntry(row: FolioEntryRow): FolioEntry {
  return {
    entry_id: row.entry_id,
    booking_id: row.booking_id,
    kind: row.kind as FolioEntry['kind'],
    description: row.description,
    quantity: row.quantity,
    unit_amount: row.unit_amount,
    amount: row.amount,
    tax_treatment: row.tax_treatment as FolioEntry['tax_treatment'],
    vat_amount: row.vat_amount,
    local_tax_amount: row.local_tax_amount,
    reverses_entry_id: row.reverses_entry_id,
    reason: row.reason,
  };
}

/** An instant as `Date.prototype.toISOString` writes it (both truncate to the millisecond). */
const isoText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Issue 24: what GET /api/bookings/:id/folio answers, in one statement and one JSON value: the
 * booking's facts (whether a proof awaits verification included) and its entries in posting
 * order, each with the answer's own keys in the answer's order. A JSON value reads the same
 * through both drivers (json_build_object writes dates as 'YYYY-MM-DD' and numerics as numbers).
 */
export const FOLIO_ANSWER_SQL = `
SELECT json_build_object(
         'booking_id', b.booking_id,
         'booking_status', b.booking_status,
         'check_in', b.check_in,
         'deposit_amount', b.deposit_amount,
         'balance_due_date', b.balance_due_date,
         'proof_deadline', ${isoText('b.proof_deadline')},
         'has_pending_proof', EXISTS (SELECT 1 FROM payments p
                                       WHERE p.booking_id = b.booking_id
                                         AND p.payment_status = 'Pending'),
         'entries', coalesce((
           SELECT json_agg(json_build_object(
                    'entry_id', e.entry_id,
                    'kind', e.kind,
                    'description', e.description,
                    'quantity', e.quantity,
                    'unit_amount', e.unit_amount,
                    'amount', e.amount,
                    'tax_treatment', e.tax_treatment,
                    'vat_amount', e.vat_amount,
                    'local_tax_amount', e.local_tax_amount,
                    'reverses_entry_id', e.reverses_entry_id,
                    'reason', e.reason,
                    'created_at', ${isoText('e.created_at')},
                    'created_by_name', e.created_by_name) ORDER BY e.seq)
             FROM folio_entries e WHERE e.booking_id = b.booking_id), '[]'::json)
       ) AS folio
  FROM bookings b
 WHERE b.booking_id = $1::uuid`;

/** One entry of FOLIO_ANSWER_SQL, in the answer's shape. */
export type FolioAnswerEntry = {
  entry_id: string;
  kind: FolioEntry['kind'];
  description: string;
  quantity: number;
  unit_amount: number;
  amount: number;
  tax_treatment: FolioEntry['tax_treatment'];
  vat_amount: number;
  local_tax_amount: number;
  reverses_entry_id: string | null;
  reason: string | null;
  created_at: string;
  created_by_name: string | null;
};

/** FOLIO_ANSWER_SQL's one value. */
export type FolioAnswerRow = {
  booking_id: string;
  booking_status: string;
  check_in: string;
  deposit_amount: number;
  balance_due_date: string | null;
  proof_deadline: string | null;
  has_pending_proof: boolean;
  entries: FolioAnswerEntry[];
};

/** The folio's answer from the pool, a named prepared statement on PostgreSQL (hot read). */
export async function findFolioAnswer(
  database: Database,
  bookingId: string,
): Promise<FolioAnswerRow | null> {
  const [row] = await database.query<{ folio: FolioAnswerRow }>(FOLIO_ANSWER_SQL, [bookingId], {
    prepare: 'folio_answer',
  });
  return row?.folio ?? null;
}

const [folioAnswerHead, folioAnswerTail] = FOLIO_ANSWER_SQL.split('$1') as [string, string];

/** The same answer inside a transaction (what it has just posted is seen). */
export async function findFolioAnswerIn(
  db: Executor,
  bookingId: string,
): Promise<FolioAnswerRow | null> {
  const result = await db.execute(
    sql.join([sql.raw(folioAnswerHead), sql`${bookingId}`, sql.raw(folioAnswerTail)]),
  );
  const [row] = (result as unknown as { rows: { folio: FolioAnswerRow }[] }).rows;
  return row?.folio ?? null;
}

/** What a booking's payment status reads besides its entries. */
export type FolioBookingFacts = {
  booking_id: string;
  booking_status: string;
  guest_id: string | null;
  check_in: string;
  num_guests: number;
  deposit_amount: number;
  balance_due_date: string | null;
  senior_pwd_guests: number;
  proof_deadline: Date | null;
  has_pending_proof: boolean;
};

export async function findFolioBookingFacts(
  db: Executor,
  bookingId: string,
): Promise<FolioBookingFacts | null> {
  const [row] = await db
    .select({
      booking_id: bookings.booking_id,
      booking_status: bookings.booking_status,
      guest_id: bookings.guest_id,
      check_in: bookings.check_in,
      num_guests: bookings.num_guests,
      deposit_amount: bookings.deposit_amount,
      balance_due_date: bookings.balance_due_date,
      senior_pwd_guests: bookings.senior_pwd_guests,
      proof_deadline: bookings.proof_deadline,
      // The outer table named in the text: an interpolated column may be rendered without its
      // table, which inside the subquery would name the payment's own booking_id.
      pending_proofs: sql<number>`(SELECT count(*)::int FROM ${payments} p
        WHERE p.booking_id = bookings.booking_id AND p.payment_status = 'Pending')`,
    })
    .from(bookings)
    .where(eq(bookings.booking_id, bookingId));
  if (!row) return null;
  const { pending_proofs: pending, ...facts } = row;
  return { ...facts, has_pending_proof: Number(pending) > 0 };
}

/** findFolioBookingFacts for many bookings at once (the backfill's batches). */
export async function findFolioBookingFactsOf(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, FolioBookingFacts & { payment_status: string }>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      booking_id: bookings.booking_id,
      booking_status: bookings.booking_status,
      guest_id: bookings.guest_id,
      check_in: bookings.check_in,
      num_guests: bookings.num_guests,
      deposit_amount: bookings.deposit_amount,
      balance_due_date: bookings.balance_due_date,
      senior_pwd_guests: bookings.senior_pwd_guests,
      proof_deadline: bookings.proof_deadline,
      payment_status: bookings.payment_status,
      pending_proofs: sql<number>`(SELECT count(*)::int FROM ${payments} p
        WHERE p.booking_id = bookings.booking_id AND p.payment_status = 'Pending')`,
    })
    .from(bookings)
    .where(inArray(bookings.booking_id, [...bookingIds]));
  return new Map(
    rows.map(({ pending_proofs: pending, ...facts }) => [
      facts.booking_id,
      { ...facts, has_pending_proof: Number(pending) > 0 },
    ]),
  );
}

/** Locks the booking row until the transaction ends (postings on it queue); false if none. */
export async function lockFolioBooking(tx: AppTx, bookingId: string): Promise<boolean> {
  const rows = await tx
    .select({ booking_id: bookings.booking_id })
    .from(bookings)
    .where(eq(bookings.booking_id, bookingId))
    .for('update');
  return rows.length > 0;
}

/** The entries posted for a payment row (its payment or refund entry and their reversals). */
export function findEntriesOfPayment(tx: AppTx, paymentId: string): Promise<FolioEntryRow[]> {
  return tx
    .select()
    .from(folioEntries)
    .where(eq(folioEntries.payment_id, paymentId))
    .orderBy(asc(folioEntries.seq));
}

/** paid_total and balance of several bookings (decision 0018), for the lists. */
export async function findFolioTotals(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, { paid_total: number; balance: number }>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      booking_id: folioEntries.booking_id,
      balance: sql<string>`coalesce(sum(${folioEntries.amount}), 0)`,
      paid: sql<string>`coalesce(-sum(folio_entries.amount) FILTER (WHERE
        coalesce((SELECT t.kind FROM folio_entries t WHERE t.entry_id = folio_entries.reverses_entry_id),
                 folio_entries.kind) IN ('payment', 'refund')), 0)`,
    })
    .from(folioEntries)
    .where(inArray(folioEntries.booking_id, [...bookingIds]))
    .groupBy(folioEntries.booking_id);
  return new Map(
    rows.map((row) => [
      row.booking_id,
      { paid_total: Number(row.paid), balance: Number(row.balance) },
    ]),
  );
}

/**
 * Bookings without a single entry whose id sorts after `after`, in id order: what the backfill
 * gives a folio (a booking worth nothing that stays without entries is passed, not met again).
 */
export async function findBookingsWithoutFolio(
  db: Executor,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ booking_id: bookings.booking_id })
    .from(bookings)
    .where(
      and(
        after === null ? undefined : sql`${bookings.booking_id} > ${after}`,
        sql`NOT EXISTS (SELECT 1 FROM folio_entries e WHERE e.booking_id = bookings.booking_id)`,
      ),
    )
    .orderBy(asc(bookings.booking_id))
    .limit(limit);
  return rows.map((row) => row.booking_id);
}

/** What a booking made before the folio stored of its money (domain folio-migration.ts). */
export async function findLegacyBookings(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, LegacyBooking>> {
  if (bookingIds.length === 0) return new Map();
  const ids = [...bookingIds];
  const [rows, lines, paymentRows] = await Promise.all([
    db
      .select({
        booking_id: bookings.booking_id,
        check_in: bookings.check_in,
        check_out: bookings.check_out,
        discount_name: bookings.discount_name,
        discount_amount: bookings.discount_amount,
        vat_amount: bookings.vat_amount,
        local_tax_amount: bookings.local_tax_amount,
        total_amount: bookings.total_amount,
      })
      .from(bookings)
      .where(inArray(bookings.booking_id, ids)),
    db
      .select({
        booking_id: bookingUnits.booking_id,
        unit_name: units.unit_name,
        subtotal: bookingUnits.subtotal,
      })
      .from(bookingUnits)
      .innerJoin(units, eq(units.unit_id, bookingUnits.unit_id))
      .where(inArray(bookingUnits.booking_id, ids))
      .orderBy(asc(bookingUnits.created_at), asc(units.unit_name)),
    db
      .select({
        booking_id: payments.booking_id,
        payment_id: payments.payment_id,
        payment_amount: payments.payment_amount,
        payment_method: payments.payment_method,
        payment_status: payments.payment_status,
      })
      .from(payments)
      .where(inArray(payments.booking_id, ids))
      .orderBy(asc(payments.transaction_date), asc(payments.created_at)),
  ]);
  const result = new Map<string, LegacyBooking>();
  for (const row of rows) {
    const { booking_id: id, ...rest } = row;
    result.set(id, {
      ...rest,
      lines: lines.filter((line) => line.booking_id === id),
      payments: paymentRows.filter((payment) => payment.booking_id === id),
    });
  }
  return result;
}
