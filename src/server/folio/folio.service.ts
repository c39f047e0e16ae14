import { maxCentavos, toCentavos, toPesos } from '../../domain/centavos';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../domain/constants';
import {
  activeEntries,
  creditEntry,
  entryDraftIssue,
  reversalIssue,
  reversalOf,
  summarizeFolio,
  type FolioSummary,
} from '../../domain/folio';
import type { FolioDto } from '../../domain/schemas/folio.schema';
import type { PricingSettings } from '../../domain/pricing';
import {
  activeStayEntries,
  seniorPwdBreakdown,
  seniorPwdEntries,
  stayNet,
} from '../../domain/senior-pwd';
import { writeBookingMoney } from '../bookings/booking-payment-status.service';
import type { AppDb, AppTx, Database } from '../db/client';
import type { ActorContext } from '../http/request-context';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { refreshGuestTotals } from '../guests/guest-accounts.service';
import {
  entryColumns,
  findEntriesOfPayment,
  findFolioAnswer,
  findFolioAnswerIn,
  findFolioBookingFacts,
  findFolioEntries,
  findFolioTotals,
  insertFolioEntries,
  lockFolioBooking,
  toFolioEntry,
  type FolioAnswerRow,
  type FolioBookingFacts,
  type FolioEntryRow,
  type NewFolioEntry,
} from './folio.repository';

/**
 * The folio (issue 17, DESIGN §8, decision 0018): the one place a booking's money lives. It posts
 * entries (folio.repository.ts is the one writer of folio_entries), reads a folio, and keeps the
 * booking's projection (total_amount = charges_total, payment_status) and its guest's totals in
 * step in the transaction that posted. It is a lower service: it imports no feature's main
 * service, so the payment ledger, booking creation and the bookings service all call it without
 * an import circle. Postings on one booking queue on the booking's row lock (lockBooking), so
 * twenty payments at once leave the exact balance.
 */

type Executor = AppDb | AppTx;

export const FOLIO_SERVICE_MESSAGES = {
  bookingNotFound: 'Booking not found.',
  entryNotFound: "This entry is not on this booking's folio",
  stayReversal: 'The stay was re-priced',
  seniorPwdReason: 'Senior citizen/PWD discount re-applied',
} as const;

/** The booking row, locked until the transaction ends: its folio changes one posting at a time. */
export async function lockFolio(tx: AppTx, bookingId: string): Promise<void> {
  if (!(await lockFolioBooking(tx, bookingId))) {
    throw notFound(FOLIO_SERVICE_MESSAGES.bookingNotFound);
  }
}

/**
 * Posts entries on the booking's folio. A malformed draft (a charge on the credit side, a
 * fraction of a centavo) is a bug of the caller, never the user's input: it throws.
 */
export async function postEntries(
  tx: AppTx,
  bookingId: string,
  entries: readonly NewFolioEntry[],
): Promise<FolioEntryRow[]> {
  for (const entry of entries) {
    const issue = entryDraftIssue(entry);
    if (issue) throw new Error(`Folio entry refused (${entry.kind}): ${issue}`);
  }
  return insertFolioEntries(tx, bookingId, entries);
}

/**
 * Issue 24: the first entries of a booking about to be made, checked as postEntries checks them,
 * with the money settleFolio would then write on the booking: the booking, its entries and its
 * money go in one statement (bookings.repository.ts createBookingRows).
 */
export function newFolio(
  entries: readonly NewFolioEntry[],
  depositAmount: number,
): { entries: ReturnType<typeof entryColumns>[]; total_amount: number; payment_status: string } {
  for (const entry of entries) {
    const issue = entryDraftIssue(entry);
    if (issue) throw new Error(`Folio entry refused (${entry.kind}): ${issue}`);
  }
  const summary = summarizeFolio({
    entries: entries.map((entry, index) => ({ ...entry, entry_id: `new-${index}` })),
    deposit_amount: depositAmount,
    has_pending_proof: false,
    cancelled: false,
  });
  return {
    entries: entries.map(entryColumns),
    total_amount: toPesos(maxCentavos(toCentavos(summary.charges_total), 0n)),
    payment_status: summary.payment_status,
  };
}

function summaryOf(facts: FolioBookingFacts, rows: readonly FolioEntryRow[]): FolioSummary {
  return summarizeFolio({
    entries: rows.map(toFolioEntry),
    deposit_amount: facts.deposit_amount,
    has_pending_proof: facts.has_pending_proof,
    cancelled: facts.booking_status === 'Cancelled',
  });
}

export type SettledFolio = FolioSummary & { deposit_amount: number };

/**
 * Re-derives the booking's projection from its folio (total_amount, payment_status) and its
 * guest's totals. Call it in the transaction that posted entries or changed a payment row or the
 * booking's status. With `proofArrived` (a guest's proof) the booking also takes the method the
 * guest paid with and loses its proof deadline, in the same UPDATE.
 */
export async function settleFolio(
  tx: AppTx,
  bookingId: string,
  options: { proofArrived?: { payment_method: string } } = {},
): Promise<SettledFolio> {
  const facts = await findFolioBookingFacts(tx, bookingId);
  if (!facts) throw notFound(FOLIO_SERVICE_MESSAGES.bookingNotFound);
  const summary = summaryOf(facts, await findFolioEntries(tx, bookingId));
  await writeBookingMoney(
    tx,
    bookingId,
    {
      // The booking's total is the folio's charges, never below 0 (a credit is the guest's).
      total_amount: toPesos(maxCentavos(toCentavos(summary.charges_total), 0n)),
      payment_status: summary.payment_status,
    },
    options.proofArrived,
  );
  if (facts.guest_id) await refreshGuestTotals(tx, facts.guest_id);
  return { ...summary, deposit_amount: facts.deposit_amount };
}

/** The money held on the booking (charges and paid), from its folio: refunds are judged by it. */
export async function folioSummary(db: Executor, bookingId: string): Promise<SettledFolio> {
  // Issue 24: the booking's facts and its entries in one statement (the folio's own answer).
  const row = await findFolioAnswerIn(db, bookingId);
  if (!row) throw notFound(FOLIO_SERVICE_MESSAGES.bookingNotFound);
  return { ...summaryOfAnswer(row), deposit_amount: row.deposit_amount };
}

function summaryOfAnswer(row: FolioAnswerRow): FolioSummary {
  return summarizeFolio({
    entries: row.entries,
    deposit_amount: row.deposit_amount,
    has_pending_proof: row.has_pending_proof,
    cancelled: row.booking_status === 'Cancelled',
  });
}

/** The answer of GET /api/bookings/:id/folio (DESIGN §8) from the statement's one value. */
function folioDto(row: FolioAnswerRow | null): FolioDto {
  if (!row) throw notFound(FOLIO_SERVICE_MESSAGES.bookingNotFound);
  const summary = summaryOfAnswer(row);
  const owes = toCentavos(summary.balance) > 0n;
  const depositCovered = toCentavos(summary.paid_total) >= toCentavos(row.deposit_amount);
  return {
    booking_id: row.booking_id,
    entries: row.entries,
    charges_total: summary.charges_total,
    paid_total: summary.paid_total,
    refunded_total: summary.refunded_total,
    balance: summary.balance,
    deposit_amount: row.deposit_amount,
    deposit_due_at:
      !depositCovered && row.booking_status !== 'Cancelled' && row.proof_deadline
        ? row.proof_deadline
        : null,
    balance_due_date:
      owes && row.booking_status !== 'Cancelled' ? (row.balance_due_date ?? row.check_in) : null,
    payment_status: summary.payment_status,
  };
}

/**
 * GET /api/bookings/:id/folio (DESIGN §8) inside a transaction or on the database: one
 * statement (issue 24), so what a transaction has just posted is in it.
 */
export async function readFolio(db: Executor, bookingId: string): Promise<FolioDto> {
  return folioDto(await findFolioAnswerIn(db, bookingId));
}

/** The same answer from the pool, by a prepared statement: the folio's own GET (issue 24). */
export async function readFolioOf(database: Database, bookingId: string): Promise<FolioDto> {
  return folioDto(await findFolioAnswer(database, bookingId));
}

/** paid_total and balance of each booking (0 for a booking without entries), for the lists. */
export async function folioTotalsOf(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, { paid_total: number; balance: number }>> {
  return findFolioTotals(db, bookingIds);
}

/** What a payment row is worth on the folio: its verified money in, or the money refunded. */
type PaymentFacts = {
  payment_id: string;
  booking_id: string;
  payment_amount: number;
  payment_method: string;
  payment_status: string;
};

function paymentLabel(payment: PaymentFacts, kind: 'payment' | 'refund'): string {
  const method =
    PAYMENT_METHOD_LABELS[payment.payment_method as PaymentMethod] ?? payment.payment_method;
  return `${kind === 'payment' ? 'Payment' : 'Refund'} (${method})`;
}

/**
 * Brings the folio in line with one payment row, after the ledger wrote it: a Completed payment
 * is a payment entry of its amount, a Refunded row a refund entry, anything else (Pending,
 * Failed) nothing. When the entries in force say otherwise (a payment just verified, an amount an
 * administrator corrected) they are reversed with `reason` and the right one posted.
 */
export async function syncPaymentEntries(
  tx: AppTx,
  payment: PaymentFacts,
  reason: string,
): Promise<void> {
  const kind =
    payment.payment_status === 'Completed'
      ? 'payment'
      : payment.payment_status === 'Refunded'
        ? 'refund'
        : null;
  const wanted = kind
    ? creditEntry(kind, payment.payment_amount, paymentLabel(payment, kind))
    : null;
  await lockFolio(tx, payment.booking_id);
  const rows = await findEntriesOfPayment(tx, payment.payment_id);
  const inForce = activeEntries(rows.map(toFolioEntry));
  const matches =
    wanted !== null &&
    inForce.length === 1 &&
    inForce[0]!.kind === wanted.kind &&
    toCentavos(inForce[0]!.amount) === toCentavos(wanted.amount);
  if (matches || (wanted === null && inForce.length === 0)) return;
  await postEntries(tx, payment.booking_id, [
    ...inForce.map((entry) => ({ ...reversalOf(entry, reason), payment_id: payment.payment_id })),
    ...(wanted ? [{ ...wanted, payment_id: payment.payment_id }] : []),
  ]);
}

/**
 * POST /api/bookings/:id/folio/:entryId/reverse (managers and up): the entry's exact negation
 * with the reason, refused with decision 0018's message (400 reason, 404 not on this folio, 409
 * a reversal, reversed already, a payment whose refunds would then exceed it).
 */
export async function reverseFolioEntry(
  tx: AppTx,
  bookingId: string,
  entryId: string,
  reason: string,
): Promise<void> {
  await lockFolio(tx, bookingId);
  const rows = await findFolioEntries(tx, bookingId);
  const entries = rows.map(toFolioEntry);
  const issue = reversalIssue(entries, entryId, reason);
  if (issue) {
    if (issue.issue === 'reason_required') {
      throw badRequest(issue.message, [{ path: 'reason', message: issue.message }]);
    }
    if (issue.issue === 'not_on_folio') throw new AppError(404, issue.message);
    throw conflict(issue.message);
  }
  const index = entries.findIndex((entry) => entry.entry_id === entryId);
  const row = rows[index]!;
  await postEntries(tx, bookingId, [
    { ...reversalOf(entries[index]!, reason), payment_id: row.payment_id, extra_id: row.extra_id },
  ]);
}

/**
 * A stay priced anew (an edit of dates, cabin or guests): the stay entries in force (lodging,
 * discount, senior/PWD) are reversed and `stay` posted in their place.
 */
export async function repostStay(
  tx: AppTx,
  bookingId: string,
  stay: readonly NewFolioEntry[],
  reason: string = FOLIO_SERVICE_MESSAGES.stayReversal,
): Promise<void> {
  const entries = (await findFolioEntries(tx, bookingId)).map(toFolioEntry);
  await postEntries(tx, bookingId, [
    ...activeStayEntries(entries).map((entry) => reversalOf(entry, reason)),
    ...stay,
  ]);
}

/**
 * RA 9994 / RA 10754 (decision 0017): the stay in force is split into the VATable share, the
 * eligible guests' VAT-exempt share and its 20% discount; an earlier split is reversed first.
 * With no eligible guest the whole stay is one VATable lodging entry again.
 */
export async function applySeniorPwdSplit(
  tx: AppTx,
  bookingId: string,
  input: { guests: number; eligible_guests: number; settings: PricingSettings },
): Promise<void> {
  const entries = (await findFolioEntries(tx, bookingId)).map(toFolioEntry);
  const stay = activeStayEntries(entries);
  if (stay.length === 0) return;
  const breakdown = seniorPwdBreakdown({
    net_amount: stayNet(entries),
    guests: input.guests,
    eligible_guests: input.eligible_guests,
    settings: input.settings,
  });
  await postEntries(tx, bookingId, [
    ...stay.map((entry) => reversalOf(entry, FOLIO_SERVICE_MESSAGES.seniorPwdReason)),
    ...seniorPwdEntries(breakdown, input.guests, input.eligible_guests, 'Stay'),
  ]);
}

/** What the folio routes call: the folio of a booking, and a reversal in the actor's transaction. */
export function createFolioService(deps: { database: Database }) {
  return {
    get: (bookingId: string) => readFolioOf(deps.database, bookingId),
    async reverse(
      bookingId: string,
      entryId: string,
      reason: string,
      context: ActorContext,
    ): Promise<FolioDto> {
      await context.transaction(async (tx) => {
        await reverseFolioEntry(tx, bookingId, entryId, reason);
        await settleFolio(tx, bookingId);
      });
      return readFolioOf(deps.database, bookingId);
    },
  };
}

export type { FolioBookingFacts, NewFolioEntry };
