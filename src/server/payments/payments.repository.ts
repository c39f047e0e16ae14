import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDb, AppTx } from '../db/client';
import { bookings, payments, users } from '../db/schema';

type Executor = AppDb | AppTx;

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
/** A payment with the names of who recorded and who verified it. */
export type PaymentWithNames = PaymentRow & {
  recorded_by_name: string | null;
  verified_by_name: string | null;
};

const recorder = alias(users, 'recorder');
const verifier = alias(users, 'verifier');

function selectWithNames(db: Executor) {
  return db
    .select({
      payment: payments,
      recorded_by_name: recorder.name,
      verified_by_name: verifier.name,
    })
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.recorded_by))
    .leftJoin(verifier, eq(verifier.id, payments.verified_by));
}

function withNames(row: {
  payment: PaymentRow;
  recorded_by_name: string | null;
  verified_by_name: string | null;
}): PaymentWithNames {
  return {
    ...row.payment,
    recorded_by_name: row.recorded_by_name,
    verified_by_name: row.verified_by_name,
  };
}

/** The payments of several bookings in one query, oldest first. */
export async function findPaymentsOfBookings(
  db: Executor,
  bookingIds: readonly string[],
): Promise<PaymentWithNames[]> {
  if (bookingIds.length === 0) return [];
  const rows = await selectWithNames(db)
    .where(inArray(payments.booking_id, [...bookingIds]))
    .orderBy(asc(payments.transaction_date), asc(payments.created_at));
  return rows.map(withNames);
}

export async function findPayment(
  db: Executor,
  paymentId: string,
): Promise<PaymentWithNames | null> {
  const rows = await selectWithNames(db).where(eq(payments.payment_id, paymentId));
  return rows[0] ? withNames(rows[0]) : null;
}

/** The payment row, locked until the transaction ends (verify, edit and refund take turns). */
export async function lockPayment(tx: AppTx, paymentId: string): Promise<PaymentRow | null> {
  const rows = await tx
    .select()
    .from(payments)
    .where(eq(payments.payment_id, paymentId))
    .for('update');
  return rows[0] ?? null;
}

export async function insertPayment(tx: AppTx, values: NewPaymentRow): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

export async function updatePayment(
  tx: AppTx,
  paymentId: string,
  values: Partial<NewPaymentRow>,
): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set(values)
    .where(eq(payments.payment_id, paymentId))
    .returning();
  return row!;
}

/** Amount and status of every payment of a booking: what its payment_status is derived from. */
export async function findPaymentAmounts(
  db: Executor,
  bookingId: string,
): Promise<{ payment_amount: number; payment_status: string; payment_method: string }[]> {
  return db
    .select({
      payment_amount: payments.payment_amount,
      payment_status: payments.payment_status,
      payment_method: payments.payment_method,
    })
    .from(payments)
    .where(eq(payments.booking_id, bookingId))
    .orderBy(asc(payments.transaction_date));
}

/** Whether a proof is already on one of the booking's payments (a guest's confirm is idempotent). */
export async function hasPaymentProof(db: Executor, bookingId: string): Promise<boolean> {
  const rows = await db
    .select({ payment_id: payments.payment_id })
    .from(payments)
    .where(and(eq(payments.booking_id, bookingId), isNotNull(payments.payment_proof)))
    .limit(1);
  return rows.length > 0;
}

/** Whether this proof file is already on one of the booking's payments (confirm is idempotent). */
export async function hasPaymentProofFile(
  db: Executor,
  bookingId: string,
  proof: string,
): Promise<boolean> {
  const rows = await db
    .select({ payment_id: payments.payment_id })
    .from(payments)
    .where(and(eq(payments.booking_id, bookingId), eq(payments.payment_proof, proof)))
    .limit(1);
  return rows.length > 0;
}

export type PaymentListQuery = {
  status?: string | undefined;
  method?: string | undefined;
  booking_id?: string | undefined;
  search?: string | undefined;
  page: number;
  page_size: number;
};

export type PaymentListRow = PaymentWithNames & {
  booking: {
    booking_id: string;
    booking_reference: string;
    guest_id: string | null;
    guest_name: string;
    email: string | null;
    check_in: string;
    check_out: string;
    total_amount: number;
    booking_status: string;
    payment_status: string;
  };
};

/** `%text%` for ILIKE with the pattern characters taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function paymentListConditions(query: PaymentListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(payments.payment_status, query.status));
  if (query.method) conditions.push(eq(payments.payment_method, query.method));
  if (query.booking_id) conditions.push(eq(payments.booking_id, query.booking_id));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(bookings.booking_reference, pattern),
        ilike(bookings.guest_name, pattern),
        ilike(bookings.email, pattern),
      ),
    );
  }
  return and(...conditions);
}

const bookingSummaryColumns = {
  booking_id: bookings.booking_id,
  booking_reference: bookings.booking_reference,
  guest_id: bookings.guest_id,
  guest_name: bookings.guest_name,
  email: bookings.email,
  check_in: bookings.check_in,
  check_out: bookings.check_out,
  total_amount: bookings.total_amount,
  booking_status: bookings.booking_status,
  payment_status: bookings.payment_status,
};

/** SPEC §7 payments list: newest first, with each payment's booking, in two queries. */
export async function listPayments(
  db: Executor,
  query: PaymentListQuery,
): Promise<{ rows: PaymentListRow[]; total: number }> {
  const where = paymentListConditions(query);
  const [rows, counted] = await Promise.all([
    db
      .select({
        payment: payments,
        recorded_by_name: recorder.name,
        verified_by_name: verifier.name,
        booking: bookingSummaryColumns,
      })
      .from(payments)
      .innerJoin(bookings, eq(bookings.booking_id, payments.booking_id))
      .leftJoin(recorder, eq(recorder.id, payments.recorded_by))
      .leftJoin(verifier, eq(verifier.id, payments.verified_by))
      .where(where)
      .orderBy(desc(payments.transaction_date), desc(payments.created_at), asc(payments.payment_id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(bookings, eq(bookings.booking_id, payments.booking_id))
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...withNames(row), booking: row.booking })),
    total: Number(counted[0]?.total ?? 0),
  };
}
