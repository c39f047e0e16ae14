import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  lt,
  lte,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Quote, QuoteUnitLine } from '../../domain/pricing';
import type { BookingListQuery } from '../../domain/schemas/booking.schema';
import type { ActorPayload } from '../db/actor-settings';
import type { AppDb, AppTx } from '../db/client';
import { firstJsonValue, fromJsonRow } from '../db/json-rows';
import {
  auditLogs,
  bookings,
  bookingUnits,
  folioEntries,
  guests,
  payments,
  units,
} from '../db/schema';

/**
 * The bookings feature's reads, and the one module that writes the bookings and booking_units
 * tables: creating a booking and its lines, an edit's new stay and price, status changes,
 * cancellations, deletions, the expiry of unpaid guest bookings and a guest's anonymisation all
 * go through the functions below. DESIGN §4's price (a Quote) becomes columns here only.
 */

type Executor = AppDb | AppTx;

export type BookingRow = typeof bookings.$inferSelect;
export type BookingLineRow = typeof bookingUnits.$inferSelect;
export type UnitRow = typeof units.$inferSelect;
export type GuestRow = typeof guests.$inferSelect;
export type BookingLineWithUnit = BookingLineRow & { unit: UnitRow | null };

/** A booking read together with its lines (each with its unit) and its guest (SPEC §3). */
export type BookingRecord = {
  booking: BookingRow;
  guest: GuestRow | null;
  lines: BookingLineWithUnit[];
  /** From the booking's folio (issue 17); absent on a booking just made, which holds no money. */
  folio?: { paid_total: number; balance: number };
};

/**
 * decision 0018: balance = Σ amount of the booking's folio. The outer bookings row is named in
 * the text: an interpolated column may be rendered without its table, which here would be
 * fe.booking_id itself.
 */
const folioBalance = sql<string>`(SELECT coalesce(sum(fe.amount), 0) FROM ${folioEntries} fe
  WHERE fe.booking_id = bookings.booking_id)`;

/** paid_total: payments less refunds, a reversal counted with the entry it reverses. */
const folioPaid = sql<string>`(SELECT coalesce(-sum(fe.amount), 0) FROM ${folioEntries} fe
  LEFT JOIN ${folioEntries} ft ON ft.entry_id = fe.reverses_entry_id
  WHERE fe.booking_id = bookings.booking_id
    AND coalesce(ft.kind, fe.kind) IN ('payment', 'refund'))`;

/** The list's filters, with the resort's today for the overdue filter. */
export type ListQuery = BookingListQuery & { today?: string | undefined };

/** `%text%` for ILIKE with the pattern characters taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The list's filters as placeholders: only which filters are present shapes the statement, so
 * each shape is built and prepared once (see listBookings) and the values are bound per request.
 */
function listConditions(query: ListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.booking_status) {
    conditions.push(eq(bookings.booking_status, sql.placeholder('booking_status')));
  }
  if (query.payment_status) {
    conditions.push(eq(bookings.payment_status, sql.placeholder('payment_status')));
  }
  if (query.guest_id) conditions.push(eq(bookings.guest_id, sql.placeholder('guest_id')));
  // Issue 22: where the booking came from.
  if (query.source) conditions.push(eq(bookings.source, sql.placeholder('source')));
  // Issue 17: a balance due (not cancelled), overdue once its due date is before today.
  if (query.balance) {
    conditions.push(sql`${bookings.booking_status} <> 'Cancelled' AND ${folioBalance} > 0`);
    if (query.balance === 'overdue') {
      conditions.push(
        sql`coalesce(${bookings.balance_due_date}, ${bookings.check_in}) < ${sql.placeholder('today')}`,
      );
    }
  }
  // SPEC §7: check_in on or after date_from, check_out on or before date_to.
  if (query.date_from) conditions.push(gte(bookings.check_in, sql.placeholder('date_from')));
  if (query.date_to) conditions.push(lte(bookings.check_out, sql.placeholder('date_to')));
  if (query.unit_id) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${bookingUnits} bu WHERE bu.booking_id = ${bookings.booking_id} AND bu.unit_id = ${sql.placeholder('unit_id')})`,
    );
  }
  if (query.search) {
    const pattern = sql.placeholder('search');
    conditions.push(
      or(
        ilike(bookings.guest_name, pattern),
        ilike(bookings.booking_reference, pattern),
        ilike(bookings.email, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** The values for listConditions' placeholders, and the page's limit and offset. */
function listValues(query: ListQuery): Record<string, unknown> {
  return {
    booking_status: query.booking_status,
    payment_status: query.payment_status,
    guest_id: query.guest_id,
    source: query.source,
    today: query.today,
    date_from: query.date_from,
    date_to: query.date_to,
    unit_id: query.unit_id,
    search: query.search ? containsPattern(query.search) : undefined,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  };
}

/** What decides the statement's text: the filters present, the sort and the order. */
function listShape(query: ListQuery): string {
  const present = [
    query.booking_status,
    query.payment_status,
    query.guest_id,
    query.source,
    query.date_from,
    query.date_to,
    query.unit_id,
    query.search,
  ]
    .map((value) => (value ? '1' : '0'))
    .join('')
    .concat(query.balance ?? '');
  return `${present}_${query.sort}_${query.order}`;
}

function sortColumn(query: BookingListQuery): SQL {
  switch (query.sort) {
    case 'booking_status':
      return sql`${bookings.booking_status}`;
    case 'total_amount':
      return sql`${bookings.total_amount}`;
    case 'guest_name':
      return sql`lower(${bookings.guest_name})`;
    case 'check_in':
      return sql`${bookings.check_in}`;
    default:
      return sql`${bookings.created_at}`;
  }
}

type LineJson = Omit<BookingLineRow, 'created_at' | 'updated_at'> & {
  created_at: string;
  updated_at: string;
};
type UnitJson = Omit<UnitRow, 'created_at' | 'updated_at'> & {
  created_at: string;
  updated_at: string;
};

/**
 * A booking's lines, each with its unit, as one JSON column of the booking's own row: the page
 * and its lines come back in one statement (issue 9). Multi-unit lines in the order they were
 * added, then by unit name. Column names are the schema's keys; numbers, text and dates keep
 * their JSON form, timestamps become Dates in `toRecord`.
 */
const linesColumn = sql<{ line: LineJson; unit: UnitJson | null }[]>`coalesce((
  SELECT json_agg(json_build_object('line', to_json(bu), 'unit', to_json(u))
                  ORDER BY bu.created_at, u.unit_name)
    FROM ${bookingUnits} bu
    LEFT JOIN ${units} u ON u.unit_id = bu.unit_id
   WHERE bu.booking_id = ${bookings.booking_id}), '[]'::json)`;

const recordColumns = {
  booking: bookings,
  guest: guests,
  lines: linesColumn,
  folio_paid: folioPaid,
  folio_balance: folioBalance,
};

function toRecord(row: {
  booking: BookingRow;
  guest: GuestRow | null;
  lines: { line: LineJson; unit: UnitJson | null }[];
  folio_paid: string;
  folio_balance: string;
}): BookingRecord {
  return {
    booking: row.booking,
    guest: row.guest,
    folio: { paid_total: Number(row.folio_paid), balance: Number(row.folio_balance) },
    lines: row.lines.map(({ line, unit }) => ({
      ...line,
      created_at: new Date(line.created_at),
      updated_at: new Date(line.updated_at),
      unit: unit && {
        ...unit,
        created_at: new Date(unit.created_at),
        updated_at: new Date(unit.updated_at),
      },
    })),
  };
}

function prepareList(db: Executor, query: ListQuery) {
  const shape = listShape(query);
  const where = listConditions(query);
  const direction = query.order === 'asc' ? asc : desc;
  const order = [
    direction(sortColumn(query)),
    desc(bookings.created_at),
    asc(bookings.booking_id),
  ] as const;
  const pageIds = db
    .select({ id: sql<string>`${bookings.booking_id}`.as('page_booking_id') })
    .from(bookings)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return {
    count: db
      .select({ total: sql<number>`count(*)::int` })
      .from(bookings)
      .where(where)
      .prepare(`bookings_count_${shape}`),
    page: db
      .select(recordColumns)
      .from(bookings)
      .innerJoin(pageIds, eq(pageIds.id, bookings.booking_id))
      .leftJoin(guests, eq(guests.guest_id, bookings.guest_id))
      .orderBy(...order)
      .prepare(`bookings_page_${shape}`),
  };
}

type PreparedList = ReturnType<typeof prepareList>;

/** Each database's prepared list statements by shape (at most 2^7 filter sets × 5 sorts × 2). */
const preparedLists = new WeakMap<Executor, Map<string, PreparedList>>();

/**
 * SPEC §7 bookings list: filtered, sorted and one page, each booking with its guest and its lines
 * and units, in two statements run side by side whatever the page size (the count, the page).
 * The page's ids are chosen first in a subquery, so the lines are gathered for the page's rows
 * only: PostgreSQL computes the select list of every row an OFFSET skips. Each shape of the
 * query (which filters, which sort) is built once and kept as a named prepared statement, so a
 * request neither rebuilds the SQL nor has PostgreSQL plan it again (issue 9).
 */
export async function listBookings(
  db: Executor,
  query: ListQuery,
): Promise<{ rows: BookingRecord[]; total: number }> {
  let shapes = preparedLists.get(db);
  if (!shapes) {
    shapes = new Map();
    preparedLists.set(db, shapes);
  }
  const shape = listShape(query);
  let prepared = shapes.get(shape);
  if (!prepared) {
    prepared = prepareList(db, query);
    shapes.set(shape, prepared);
  }
  const values = listValues(query);
  const [counted, page] = await Promise.all([
    prepared.count.execute(values),
    prepared.page.execute(values),
  ]);
  return { rows: page.map(toRecord), total: Number(counted[0]?.total ?? 0) };
}

export async function findBookingRecord(
  db: Executor,
  bookingId: string,
): Promise<BookingRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(bookings)
    .leftJoin(guests, eq(guests.guest_id, bookings.guest_id))
    .where(eq(bookings.booking_id, bookingId));
  return row ? toRecord(row) : null;
}

/** The bookings of a guest with their lines and units, newest check-in first (SPEC §7). */
export async function findBookingRecordsOfGuest(
  db: Executor,
  guestId: string,
): Promise<BookingRecord[]> {
  const rows = await db
    .select(recordColumns)
    .from(bookings)
    .leftJoin(guests, eq(guests.guest_id, bookings.guest_id))
    .where(eq(bookings.guest_id, guestId))
    .orderBy(desc(bookings.check_in), desc(bookings.created_at));
  return rows.map(toRecord);
}

/** The booking row, locked until the transaction ends: status changes, edits and payments queue. */
export async function lockBooking(tx: AppTx, bookingId: string): Promise<BookingRow | null> {
  const rows = await tx
    .select()
    .from(bookings)
    .where(eq(bookings.booking_id, bookingId))
    .for('update');
  return rows[0] ?? null;
}

type NewBookingRow = typeof bookings.$inferInsert;
type NewBookingLineRow = typeof bookingUnits.$inferInsert;
type PriceColumn =
  | 'base_amount'
  | 'total_surcharges'
  | 'discount_name'
  | 'discount_amount'
  | 'vat_amount'
  | 'local_tax_amount'
  | 'total_amount';
type LinePriceColumn = 'unit_price' | 'weekend_surcharge' | 'extra_person_charge' | 'subtotal';

/** DESIGN §4's price of a stay as the booking's money columns. */
function bookingPriceColumns(quote: Quote): Pick<NewBookingRow, PriceColumn> {
  return {
    base_amount: quote.base_amount,
    total_surcharges: quote.total_surcharges,
    discount_name: quote.discount?.name ?? null,
    discount_amount: quote.discount_amount,
    vat_amount: quote.vat,
    local_tax_amount: quote.local_tax,
    total_amount: quote.total_amount,
  };
}

/** One unit's share of the price as its booking line's money columns. */
function linePriceColumns(price: QuoteUnitLine): Pick<NewBookingLineRow, LinePriceColumn> {
  return {
    unit_price: price.base_total,
    weekend_surcharge: price.weekend_surcharge,
    extra_person_charge: price.extra_person_fee,
    subtotal: price.unit_total,
  };
}

/** A new booking's columns, less its reference (the database's) and its price (the quote's). */
export type NewBooking = Omit<NewBookingRow, 'booking_reference' | PriceColumn>;

/**
 * Inserts a booking priced by `price`, with a reference from generate_booking_reference()
 * (DESIGN §3), in the resort's zone so the year is the resort's year.
 */
export async function insertBooking(
  tx: AppTx,
  values: NewBooking,
  price: Quote,
  timezone: string,
): Promise<BookingRow> {
  const [row] = await tx
    .insert(bookings)
    .values({
      ...values,
      ...bookingPriceColumns(price),
      // Issue 22: who made it, by name, kept when the account goes.
      created_by_name: values.created_by
        ? sql`(SELECT name FROM users WHERE id = ${values.created_by})`
        : null,
      booking_reference: sql`generate_booking_reference(${timezone})`,
    })
    .returning();
  return row!;
}

/** The unit facts a price was made from; the database re-checks them as it writes. */
export type PricedUnitFacts = Pick<
  UnitRow,
  | 'unit_id'
  | 'base_rate'
  | 'weekend_rate'
  | 'base_occupancy'
  | 'max_occupancy'
  | 'extra_person_rate'
> & { allowed: readonly string[] };

/** What migration 0026's create_booking(jsonb) writes in one statement. */
export type BookingRowsInput = {
  actor: ActorPayload | null;
  timezone: string;
  units: PricedUnitFacts[];
  guest: { guest_name: string; email: string | null; phone_number: string | null };
  booking: Omit<NewBooking, 'guest_id'>;
  price: Quote;
  /** The folio's reading of the new booking (folio.service.ts newFolioMoney). */
  money: { total_amount: number; payment_status: string };
  lines: (NewBookingLine & { price: QuoteUnitLine })[];
  folio: readonly object[];
  messages: readonly object[];
  job: object;
};

export type CreatedBookingRows = {
  booking: BookingRow;
  guest: GuestRow;
  guest_created: boolean;
  lines: BookingLineRow[];
  messages: { message_id: string; job_id: string; scheduled_at: Date }[];
};

/** SQLSTATE create_booking raises when a unit changed after the price was made from it. */
export const UNIT_CHANGED_STATE = 'BKSTL';

/**
 * Issue 24: the whole creation in one round trip: the guest found or created, the booking with
 * its reference and price, its lines (a taken night is 23P01 with HINT `line:<index>`), its folio
 * entries, the guest's totals and the messages with their jobs. Without a transaction of its own
 * the statement is one; `actor` names who did it for the audit triggers.
 */
export async function createBookingRows(
  db: Executor,
  input: BookingRowsInput,
): Promise<CreatedBookingRows> {
  const { price, money, lines, booking, ...rest } = input;
  const payload = {
    ...rest,
    booking: { ...booking, ...bookingPriceColumns(price), ...money },
    lines: lines.map(({ price: linePrice, ...line }) => ({
      ...line,
      ...linePriceColumns(linePrice),
    })),
  };
  const result = await db.execute(
    sql`SELECT create_booking(${JSON.stringify(payload)}::jsonb) AS created`,
  );
  const json = firstJsonValue<{
    booking: Record<string, unknown>;
    guest: Record<string, unknown>;
    guest_created: boolean;
    lines: Record<string, unknown>[];
    messages: { message_id: string; job_id: string; scheduled_at: string }[];
  }>(result, 'created');
  return {
    booking: fromJsonRow<BookingRow>(bookings, json.booking),
    guest: fromJsonRow<GuestRow>(guests, json.guest),
    guest_created: json.guest_created,
    lines: json.lines.map((line) => fromJsonRow<BookingLineRow>(bookingUnits, line)),
    messages: json.messages.map((message) => ({
      message_id: message.message_id,
      job_id: message.job_id,
      scheduled_at: new Date(message.scheduled_at),
    })),
  };
}

/**
 * Changes a booking's row; with `price`, also its money columns (an edit's new stay, DESIGN §4).
 * New dates are copied to its lines by a trigger, where the exclusion constraint and the
 * blackout trigger may refuse them (23P01).
 */
export async function updateBookingRow(
  tx: AppTx,
  bookingId: string,
  values: Partial<NewBookingRow>,
  price?: Quote,
): Promise<BookingRow> {
  const [row] = await tx
    .update(bookings)
    .set({ ...values, ...(price ? bookingPriceColumns(price) : {}) })
    .where(eq(bookings.booking_id, bookingId))
    .returning();
  return row!;
}

/** A new line's own columns: its dates and status are the booking's. */
export type NewBookingLine = Pick<NewBookingLineRow, 'unit_id' | 'assigned_guests' | 'unit_notes'>;

/**
 * Inserts one line of `booking` priced by `price`. Its dates and status are the booking's (a
 * trigger keeps them so); the exclusion constraint (23P01) and the blackout trigger (23P01,
 * booking_units_blackout) refuse nights that are taken.
 */
export async function insertBookingLine(
  tx: AppTx,
  booking: Pick<BookingRow, 'booking_id' | 'check_in' | 'check_out' | 'booking_status'>,
  line: NewBookingLine,
  price: QuoteUnitLine,
): Promise<BookingLineRow> {
  const [row] = await tx
    .insert(bookingUnits)
    .values({
      ...line,
      ...linePriceColumns(price),
      booking_id: booking.booking_id,
      check_in: booking.check_in,
      check_out: booking.check_out,
      booking_status: booking.booking_status,
    })
    .returning();
  return row!;
}

export async function findLinesOfBooking(tx: AppTx, bookingId: string): Promise<BookingLineRow[]> {
  return tx
    .select()
    .from(bookingUnits)
    .where(eq(bookingUnits.booking_id, bookingId))
    .orderBy(asc(bookingUnits.created_at), asc(bookingUnits.booking_unit_id));
}

/** A line's new price and guests (an edit of its booking's stay). */
export async function updateLinePrice(
  tx: AppTx,
  lineId: string,
  price: QuoteUnitLine,
  assignedGuests: number,
): Promise<void> {
  await tx
    .update(bookingUnits)
    .set({ ...linePriceColumns(price), assigned_guests: assignedGuests })
    .where(eq(bookingUnits.booking_unit_id, lineId));
}

export async function deleteLine(tx: AppTx, lineId: string): Promise<void> {
  await tx.delete(bookingUnits).where(eq(bookingUnits.booking_unit_id, lineId));
}

/** Deletes a booking (its lines go with it); payments hold it back (23503, SPEC §8). */
export async function deleteBookingRow(tx: AppTx, bookingId: string): Promise<BookingRow | null> {
  const rows = await tx.delete(bookings).where(eq(bookings.booking_id, bookingId)).returning();
  return rows[0] ?? null;
}

/**
 * DESIGN §3: cancels, with a single UPDATE … WHERE, every guest booking still Pending whose proof
 * deadline has passed and that has no payment (a proof that arrived is never undone). With several
 * app instances each row is updated once: the row lock makes a concurrent run re-check the WHERE.
 */
export async function cancelOverdueGuestBookings(
  tx: AppTx,
  now: Date,
  reason: string,
): Promise<{ booking_id: string; booking_reference: string; guest_id: string | null }[]> {
  return tx
    .update(bookings)
    .set({ booking_status: 'Cancelled', cancelled_at: now, cancellation_reason: reason })
    .where(
      and(
        eq(bookings.created_via, 'guest'),
        eq(bookings.booking_status, 'Pending'),
        isNotNull(bookings.proof_deadline),
        lt(bookings.proof_deadline, now),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(payments)
            .where(eq(payments.booking_id, bookings.booking_id)),
        ),
      ),
    )
    .returning({
      booking_id: bookings.booking_id,
      booking_reference: bookings.booking_reference,
      guest_id: bookings.guest_id,
    });
}

/** The guest's contact details on every booking of theirs, replaced (a data-subject request). */
export async function anonymizeBookingsOfGuest(
  tx: AppTx,
  guestId: string,
  values: { guest_name: string; email: string },
): Promise<number> {
  const rows = await tx
    .update(bookings)
    // Issue 22: the ID shown at check-in goes with the rest of the guest's data.
    .set({
      ...values,
      contact_number: null,
      special_requests: null,
      id_type: null,
      id_number: null,
    })
    .where(eq(bookings.guest_id, guestId))
    .returning({ booking_id: bookings.booking_id });
  return rows.length;
}

export type AuditEntryRow = {
  audit_id: string;
  created_at: Date;
  action: string;
  event_type: string | null;
  user_email: string | null;
  changed_fields: string[] | null;
  old_data: unknown;
  new_data: unknown;
  description: string | null;
  severity: string;
};

/** SPEC §7: audit_logs read by table_name and record_id, newest first, at most `limit`. */
export async function findAuditEntries(
  db: Executor,
  tableName: string,
  recordId: string,
  limit: number,
): Promise<AuditEntryRow[]> {
  return db
    .select({
      audit_id: auditLogs.audit_id,
      created_at: auditLogs.created_at,
      action: auditLogs.action,
      event_type: auditLogs.event_type,
      user_email: auditLogs.user_email,
      changed_fields: auditLogs.changed_fields,
      old_data: auditLogs.old_data,
      new_data: auditLogs.new_data,
      description: auditLogs.description,
      severity: auditLogs.severity,
    })
    .from(auditLogs)
    .where(and(eq(auditLogs.table_name, tableName), eq(auditLogs.record_id, recordId)))
    .orderBy(desc(auditLogs.created_at), desc(auditLogs.seq))
    .limit(limit);
}

/**
 * The booking's projection of its folio (issue 17): total_amount and payment_status. With
 * `proofArrived` (a guest's proof) the booking also takes the method the guest paid with and
 * loses its proof deadline, in the same UPDATE.
 */
export async function setBookingMoney(
  tx: AppTx,
  bookingId: string,
  money: { total_amount: number; payment_status: string },
  proofArrived?: { payment_method: string },
): Promise<void> {
  if (proofArrived) {
    await tx
      .update(bookings)
      .set({
        ...money,
        payment_method: proofArrived.payment_method,
        proof_deadline: null,
      })
      .where(eq(bookings.booking_id, bookingId));
    return;
  }
  await tx
    .update(bookings)
    .set(money)
    .where(
      and(
        eq(bookings.booking_id, bookingId),
        or(
          sql`${bookings.payment_status} IS DISTINCT FROM ${money.payment_status}`,
          sql`${bookings.total_amount} IS DISTINCT FROM ${money.total_amount}`,
        ),
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// Issue 22: the front desk's changes of a stay (stay-changes.service.ts).

/** Drizzle's execute answers `{ rows }` on both drivers. */
function executedRows<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}

/**
 * The nights of [from, to) on which `unitId` is taken by another booking, blocked, or held by a
 * channel ('YYYY-MM-DD', in order): what a move or an extension would run into.
 */
export async function findTakenNights(
  tx: AppTx,
  unitId: string,
  from: string,
  to: string,
  bookingId: string,
): Promise<string[]> {
  const rows = executedRows<{ night: string }>(
    await tx.execute(sql`
      SELECT to_char(d, 'YYYY-MM-DD') AS night
        FROM generate_series(${from}::date, ${to}::date - 1, interval '1 day') AS d
       WHERE EXISTS (SELECT 1 FROM booking_units bu
                      WHERE bu.unit_id = ${unitId} AND bu.booking_status <> 'Cancelled'
                        AND bu.booking_id <> ${bookingId}
                        AND d::date >= bu.check_in AND d::date < bu.check_out)
          OR EXISTS (SELECT 1 FROM availability_blackouts ab
                      WHERE ab.unit_id = ${unitId}
                        AND d::date BETWEEN ab.start_date AND ab.end_date)
          OR EXISTS (SELECT 1 FROM external_holds eh
                      WHERE eh.unit_id = ${unitId}
                        AND d::date >= eh.start_date AND d::date < eh.end_date)
       ORDER BY 1`),
  );
  return rows.map((row) => row.night);
}

/** A line's own nights (a split stay), or its cabin (a whole line moved). */
type LineStay = Pick<NewBookingLineRow, 'unit_id' | 'check_in' | 'check_out' | LinePriceColumn>;

export async function updateLine(
  tx: AppTx,
  lineId: string,
  values: Partial<LineStay>,
): Promise<BookingLineRow> {
  const [row] = await tx
    .update(bookingUnits)
    .set(values)
    .where(eq(bookingUnits.booking_unit_id, lineId))
    .returning();
  return row!;
}

/** A line of a split stay: its own cabin and nights inside the booking's stay. */
export async function insertSplitLine(
  tx: AppTx,
  values: LineStay & Pick<NewBookingLineRow, 'booking_id' | 'assigned_guests' | 'unit_notes'>,
): Promise<BookingLineRow> {
  const [row] = await tx
    .insert(bookingUnits)
    .values({ ...values, booking_status: 'Pending' })
    .returning();
  return row!;
}
