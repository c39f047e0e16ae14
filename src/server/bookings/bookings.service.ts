import type { FastifyBaseLogger } from 'fastify';
import {
  canTransition,
  isBeforeArrival,
  isStatusCorrection,
  STATUS_MESSAGES,
  transitionError,
} from '../../domain/booking-status';
import {
  type BookingStatus,
  hasRoleAtLeast,
  UNIT_STATUSES,
  type UnitStatus,
} from '../../domain/constants';
import { diffDays, todayInZone } from '../../domain/dates';
import { STAY_CHANGE_MESSAGES } from '../../domain/stay-changes';
import { formatCurrency } from '../../domain/format';
import { PERMISSION_MESSAGES } from '../../domain/permissions';
import type {
  AuditEntryDto,
  BookingDetailDto,
  BookingDto,
  BookingListQuery,
  RefundPreview,
  StatusChangeBody,
} from '../../domain/schemas/booking.schema';
import type { BookingUpdate, StaffBooking } from '../../domain/schemas/staff-booking.schema';
import { recordAppEvent } from '../audit/audit-events.service';
import type { RatePlan } from '../../domain/pricing';
import { releasePromoUse, repricePromoUse } from '../promo-codes/promo-codes.service';
import { auditRuleOverride } from '../stay-rules/stay-rules.service';
import { cancellationRefund } from '../../domain/folio-refund';
import { stayEntriesFromQuote } from '../../domain/folio-stay';
import type { Refund } from '../../domain/refund';
import type { FolioDto, PostCharge, SeniorPwd } from '../../domain/schemas/folio.schema';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { AppTx, Database } from '../db/client';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { refreshGuestTotals } from '../guests/guest-accounts.service';
import type { ActorContext } from '../http/request-context';
import type { Mailer } from '../mail/mailer';
import {
  applySeniorPwdSplit,
  postEntries,
  folioSummary,
  readFolio,
  repostStay,
  type SettledFolio,
} from '../folio/folio.service';
import {
  findPaymentAmounts,
  paymentsOfBookings,
  recordRefund,
  settleBooking,
} from '../payments/payment-ledger.service';
import { extraChargeDrafts } from '../extras/extras.service';
import type { SettingsService } from '../settings/settings.service';
import {
  cancelPendingMessages,
  queueMessage,
  rescheduleStayMessages,
  sendDueMessages,
  sendNewMessagesSoon,
  wasSent,
  type MessagesDeps,
} from '../messages/messages.service';
import type { BookingCreationService, PricedStay } from './booking-creation.service';
import { toBookingDetailDto, toBookingDto } from './booking-dto';
import { addBookingLine, checkStayDates, refuseTakenNights } from './booking-rules';
import {
  type BookingRow,
  deleteBookingRow,
  deleteLine,
  findAuditEntries,
  findBookingRecord,
  findLinesOfBooking,
  listBookings,
  lockBooking,
  updateBookingRow,
  updateLinePrice,
} from './bookings.repository';

export const BOOKINGS_MESSAGES = {
  notFound: 'Booking not found.',
  cancelThroughCancel:
    'Bookings are cancelled with Cancel Booking, which asks for a reason and works out the refund.',
  nothingToUpdate: 'Nothing to update.',
  stayLocked: (status: string) =>
    `The stay of a ${status === 'CheckedOut' ? 'checked-out' : 'cancelled'} booking cannot be changed.`,
  multiUnitStay:
    'This booking has several cabins: change its cabins and guests one line at a time from the multi-cabin booking.',
  chargeLocked: (status: string) =>
    `A ${status === 'CheckedOut' ? 'checked-out' : 'cancelled'} booking takes no new charges.`,
  tooManyEligible: (guests: number) =>
    `Eligible guests cannot be more than the booking's ${guests} guests.`,
  refundNote: (refund: Refund) =>
    `Refund of ${refund.percent}% on cancellation ${refund.days_before} day${
      refund.days_before === 1 ? '' : 's'
    } before check-in.`,
} as const;

/** Staff may book any cabin that is not under maintenance (its status describes today only). */
export const STAFF_BOOKABLE_UNIT_STATUSES: readonly UnitStatus[] = [
  'Available',
  'Occupied',
  'Reserved',
];

/** SPEC §6: detail pages show the record's last 50 audit entries to managers and above. */
export const AUDIT_ENTRIES_LIMIT = 50;

export type BookingsServiceDeps = MessagesDeps & {
  config: Config;
  database: Database;
  clock: Clock;
  settings: SettingsService;
  mailer: Mailer;
  bookingCreation: BookingCreationService;
  log: FastifyBaseLogger;
};

export type BookingList = { data: BookingDto[]; total: number; page: number; page_size: number };

/** Issue 17: the deposit is verified when the money held covers it (and there is some). */
function isDepositVerified(held: SettledFolio): boolean {
  const charges = held.charges_total;
  if (held.paid_total <= 0) return charges <= 0;
  return held.paid_total >= held.deposit_amount;
}

function isStayLocked(status: string): boolean {
  return status === 'Cancelled' || status === 'CheckedOut';
}

export function createBookingsService(deps: BookingsServiceDeps) {
  const { config, database, clock } = deps;
  const today = () => todayInZone(config.timezone, clock.now());

  async function getDetail(bookingId: string): Promise<BookingDetailDto> {
    const record = await findBookingRecord(database.db, bookingId);
    if (!record) throw notFound(BOOKINGS_MESSAGES.notFound);
    const payments = await paymentsOfBookings(database.db, [bookingId]);
    return toBookingDetailDto(record, payments);
  }

  async function lockOrNotFound(tx: AppTx, bookingId: string): Promise<BookingRow> {
    const booking = await lockBooking(tx, bookingId);
    if (!booking) throw notFound(BOOKINGS_MESSAGES.notFound);
    return booking;
  }

  return {
    async list(query: BookingListQuery): Promise<BookingList> {
      const { rows, total } = await listBookings(database.db, { ...query, today: today() });
      return {
        data: rows.map(toBookingDto),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },

    get: getDetail,

    /**
     * SPEC §5 staff booking form through the one booking-creation service (server-side price, one
     * transaction, 409 naming the dates). DESIGN §3: payment_status is derived from the payments,
     * and a new staff booking has none yet, so it starts Unpaid (docs/decisions).
     */
    async create(input: StaffBooking, context: ActorContext): Promise<BookingDetailDto> {
      const created = await deps.bookingCreation.createBooking(
        {
          created_via: 'staff',
          source: input.source,
          guest: {
            guest_name: input.guest_name,
            email: input.email,
            phone_number: input.contact_number,
          },
          lines: [{ unit_id: input.unit_id, num_guests: input.num_guests }],
          check_in: input.check_in,
          check_out: input.check_out,
          today: today(),
          special_requests: input.special_requests ?? null,
          internal_notes: input.internal_notes ?? null,
          booking_status: 'Pending',
          payment_method: input.payment_method ?? null,
          created_by: context.actor.userId,
          allowedUnitStatuses: STAFF_BOOKABLE_UNIT_STATUSES,
          issuePath: (_index, field) => field,
          promo_code: input.promo_code,
          rate_plan: input.rate_plan,
          ruleOverride: { reason: input.override_reason, context },
        },
        {
          transaction: context.transaction,
          actor: {
            userId: context.actor.userId,
            email: context.actor.email,
            role: context.actor.role,
            correlationId: context.correlationId,
            ipAddress: context.ipAddress,
            userAgent: context.userAgent ?? '',
          },
        },
      );
      // Issue 18: the guest's "booking received"; issue 24: it leaves after the answer.
      sendNewMessagesSoon(deps, created.messages);
      // The rows the transaction wrote are the booking's detail; a booking made now has no
      // payments yet. Not read back: two round trips less per booking (issue 9).
      return toBookingDetailDto(created.record, []);
    },

    /**
     * SPEC §5 booking update (managers and above). A change of dates, cabin or guests re-prices
     * the booking with DESIGN §4 as of the resort's today, the same price POST /api/quote shows on
     * the edit page, and the database re-checks the nights (409 naming the dates).
     */
    async update(
      bookingId: string,
      patch: BookingUpdate,
      context: ActorContext,
    ): Promise<BookingDetailDto> {
      if (Object.values(patch).every((value) => value === undefined)) {
        throw badRequest(BOOKINGS_MESSAGES.nothingToUpdate);
      }
      // Read before the transaction: PGlite is one session (DESIGN §7).
      const settings = await deps.settings.getPricing();
      await context.transaction(async (tx) => {
        const booking = await lockOrNotFound(tx, bookingId);
        const checkIn = patch.check_in ?? booking.check_in;
        const checkOut = patch.check_out ?? booking.check_out;
        checkStayDates(
          { check_in: checkIn, check_out: checkOut },
          { orderPath: patch.check_out !== undefined ? 'check_out' : 'check_in' },
        );
        const lines = await findLinesOfBooking(tx, bookingId);
        const single = lines.length === 1 ? lines[0]! : null;
        const newUnitId = patch.unit_id?.toLowerCase();
        const unitChanged = newUnitId !== undefined && newUnitId !== lines[0]?.unit_id;
        const guestsChanged =
          patch.num_guests !== undefined && patch.num_guests !== booking.num_guests;
        const stayChanged = checkIn !== booking.check_in || checkOut !== booking.check_out;
        const repriced = stayChanged || unitChanged || guestsChanged;

        if (repriced && isStayLocked(booking.booking_status)) {
          throw conflict(BOOKINGS_MESSAGES.stayLocked(booking.booking_status));
        }
        // Issue 22: a split stay (lines with their own nights) changes through the front desk.
        const split = lines.some(
          (line) => line.check_in !== booking.check_in || line.check_out !== booking.check_out,
        );
        if (repriced && split) throw conflict(STAY_CHANGE_MESSAGES.splitStay);
        if ((unitChanged || guestsChanged) && !single) {
          throw badRequest(BOOKINGS_MESSAGES.multiUnitStay, [
            {
              path: unitChanged ? 'unit_id' : 'num_guests',
              message: BOOKINGS_MESSAGES.multiUnitStay,
            },
          ]);
        }

        let priced: PricedStay | null = null;
        if (repriced) {
          priced = await deps.bookingCreation.priceStay(
            {
              lines: single
                ? [
                    {
                      unit_id: newUnitId ?? single.unit_id,
                      num_guests: patch.num_guests ?? booking.num_guests,
                    },
                  ]
                : lines.map((line) => ({
                    unit_id: line.unit_id,
                    num_guests: line.assigned_guests,
                  })),
              check_in: checkIn,
              check_out: checkOut,
              today: today(),
              // A cabin the booking already holds keeps it whatever its status today; a cabin it
              // moves to must be bookable by staff.
              allowedUnitStatuses: unitChanged ? STAFF_BOOKABLE_UNIT_STATUSES : UNIT_STATUSES,
              issuePath: (_index, field) => field,
              // Issue 21: a new stay or cabin meets the stay rules (a manager may book past them
              // with a reason); the booking keeps its rate plan and its recorded code, whose use
              // is already counted (a code that no longer covers the stay refuses the edit).
              skipStayRules: !stayChanged && !unitChanged,
              ruleOverride: { reason: patch.override_reason, context },
              rate_plan: booking.rate_plan as RatePlan,
              keepRatePlan: true,
              promo_code: booking.promo_code ?? undefined,
              promoRecorded: true,
            },
            { tx, settings },
          );
        }

        // A move to another cabin takes the line off the old one first, so the new nights are
        // checked against the new cabin only.
        if (unitChanged && single) await deleteLine(tx, single.booking_unit_id);

        const columns = {
          ...(patch.guest_name !== undefined ? { guest_name: patch.guest_name } : {}),
          ...(patch.contact_number !== undefined ? { contact_number: patch.contact_number } : {}),
          ...(patch.email !== undefined ? { email: patch.email } : {}),
          ...(patch.special_requests !== undefined
            ? { special_requests: patch.special_requests }
            : {}),
          ...(patch.internal_notes !== undefined ? { internal_notes: patch.internal_notes } : {}),
          ...(patch.payment_method !== undefined ? { payment_method: patch.payment_method } : {}),
          ...(patch.payment_proof_url !== undefined
            ? { payment_proof_url: patch.payment_proof_url }
            : {}),
          ...(priced
            ? {
                check_in: checkIn,
                check_out: checkOut,
                num_guests: single ? (patch.num_guests ?? booking.num_guests) : booking.num_guests,
              }
            : {}),
          ...(priced && priced.overridden.length > 0
            ? { rule_override_reason: patch.override_reason ?? null }
            : {}),
        };
        const firstUnit = priced?.units[0];
        const updated = await refuseTakenNights(
          {
            unit_name: firstUnit?.unit_name ?? 'The cabin',
            check_in: checkIn,
            check_out: checkOut,
          },
          () => updateBookingRow(tx, bookingId, columns, priced?.quote),
        );

        if (!priced) return;
        if (priced.overridden.length > 0 && patch.override_reason !== undefined) {
          await auditRuleOverride(deps, tx, {
            bookingId,
            bookingReference: booking.booking_reference,
            reason: patch.override_reason,
            violations: priced.overridden,
            context,
          });
        }
        if (booking.promo_code) {
          await repricePromoUse(
            tx,
            bookingId,
            priced.quote.promo?.applied ? priced.quote.discount_amount : 0,
          );
        }
        if (unitChanged && single) {
          await addBookingLine(
            tx,
            updated,
            {
              unit_id: firstUnit!.unit_id,
              unit_name: firstUnit!.unit_name,
              assigned_guests: updated.num_guests,
              unit_notes: single.unit_notes,
            },
            priced.quote.units[0]!,
          );
        } else {
          for (const [index, line] of lines.entries()) {
            await updateLinePrice(
              tx,
              line.booking_unit_id,
              priced.quote.units[index]!,
              single ? updated.num_guests : line.assigned_guests,
            );
          }
        }
        // Issue 17: the old stay's entries are reversed and the new ones posted; a senior/PWD
        // split is made again on the new stay. A new total can turn Paid into Deposit paid.
        await repostStay(
          tx,
          bookingId,
          stayEntriesFromQuote(
            priced.quote,
            priced.units.map((unit) => unit.unit_name),
            settings.tax_mode,
          ),
        );
        if (updated.senior_pwd_guests > 0) {
          await applySeniorPwdSplit(tx, bookingId, {
            guests: updated.num_guests,
            eligible_guests: Math.min(updated.senior_pwd_guests, updated.num_guests),
            settings,
          });
        }
        await settleBooking(tx, updated);
        // Issue 18: the reminders follow the new dates.
        if (stayChanged) await rescheduleStayMessages(deps, tx, updated);
      });
      return getDetail(bookingId);
    },

    /**
     * SPEC §4: reads the current booking first and refuses any move the state machine does not
     * allow with "Cannot transition from X to Y" (409). Cancelling has its own call (a reason and
     * a refund). Confirming sends the guest the written confirmation (SPEC §1).
     */
    async changeStatus(
      bookingId: string,
      input: StatusChangeBody,
      context: ActorContext,
    ): Promise<BookingDetailDto & { confirmation_email_sent?: boolean }> {
      const { status } = input;
      if (status === 'Cancelled') {
        throw badRequest(BOOKINGS_MESSAGES.cancelThroughCancel, [
          { path: 'status', message: BOOKINGS_MESSAGES.cancelThroughCancel },
        ]);
      }
      const now = clock.now();
      const isManager = hasRoleAtLeast(context.actor.role, 'manager');
      const reason = input.override_reason;
      const needReason = (message: string): never => {
        throw badRequest(message, [{ path: 'override_reason', message }]);
      };
      const from = await context.transaction(async (tx) => {
        const booking = await lockOrNotFound(tx, bookingId);
        const from = booking.booking_status as BookingStatus;
        let override: { kind: 'correction' | 'unverified_confirmation'; reason: string } | null =
          null;
        let checkoutOverride: { reason: string; balance: number } | null = null;

        if (isStatusCorrection(from, status)) {
          // Issue 15: undoing a mistaken move is for managers, with a reason, audited.
          if (!isManager) throw forbidden(STATUS_MESSAGES.correctionForManagers);
          override = {
            kind: 'correction',
            reason: reason ?? needReason(STATUS_MESSAGES.reasonRequired),
          };
        } else if (!canTransition(from, status)) {
          throw conflict(transitionError(from, status));
        } else if (status === 'CheckedIn' && isBeforeArrival(booking.check_in, today())) {
          throw conflict(STATUS_MESSAGES.checkInBeforeArrival(booking.check_in));
        } else if (status === 'CheckedIn' && !booking.email && !input.id_number) {
          // Issue 22: a walk-in known by phone only shows an ID at the desk.
          throw badRequest(STATUS_MESSAGES.idRequired, [
            { path: 'id_type', message: STATUS_MESSAGES.idRequired },
            { path: 'id_number', message: STATUS_MESSAGES.idRequired },
          ]);
        } else if (status === 'CheckedOut') {
          // Issue 22: a guest who still owes money leaves only with a manager's reason.
          const { balance } = await folioSummary(tx, bookingId);
          if (balance > 0) {
            if (reason !== undefined && !isManager) {
              throw forbidden(PERMISSION_MESSAGES.checkoutOverride);
            }
            if (reason === undefined) throw conflict(STATUS_MESSAGES.balanceDue(balance));
            checkoutOverride = { reason, balance };
          }
        } else if (status === 'Confirmed') {
          // Issue 17: a booking is confirmed once its deposit is verified. Without it only a
          // manager may confirm, and says why (issue 15).
          if (!isDepositVerified(await folioSummary(tx, bookingId))) {
            if (!isManager) throw conflict(STATUS_MESSAGES.noVerifiedPayment);
            override = {
              kind: 'unverified_confirmation',
              reason: reason ?? needReason(STATUS_MESSAGES.noVerifiedPaymentReason),
            };
          }
        }

        await updateBookingRow(tx, bookingId, {
          booking_status: status,
          ...(status === 'Confirmed'
            ? from === 'CheckedIn'
              ? { checked_in_at: null }
              : { confirmed_at: now, proof_deadline: null }
            : {}),
          ...(status === 'Pending' ? { confirmed_at: null } : {}),
          ...(status === 'CheckedIn' ? { checked_in_at: now } : {}),
          ...(status === 'CheckedIn' && input.id_type && input.id_number
            ? { id_type: input.id_type, id_number: input.id_number }
            : {}),
          ...(status === 'CheckedOut' ? { checked_out_at: now } : {}),
        });
        // Issue 15's status overrides and issue 22's check-out with a balance due: a manager's
        // decision, on the audit trail in this transaction.
        const decision = override
          ? {
              eventType: 'booking_status_override',
              description:
                override.kind === 'correction'
                  ? `Booking ${booking.booking_reference} corrected from ${from} to ${status}: ${override.reason}`
                  : `Booking ${booking.booking_reference} confirmed without a verified payment: ${override.reason}`,
              metadata: { from, to: status, reason: override.reason, kind: override.kind },
            }
          : checkoutOverride
            ? {
                eventType: 'checkout_balance_override',
                description: `Booking ${booking.booking_reference} checked out with a balance due of ${formatCurrency(checkoutOverride.balance)}: ${checkoutOverride.reason}`,
                metadata: { balance: checkoutOverride.balance, reason: checkoutOverride.reason },
              }
            : null;
        if (decision) {
          const recorded = await recordAppEvent(
            deps,
            {
              tableName: 'bookings',
              recordId: bookingId,
              action: 'UPDATE',
              ...decision,
              category: 'BOOKING',
              severity: 'WARNING',
              oldData: { booking_status: from },
              newData: { booking_status: status },
              actor: context.actor,
              ipAddress: context.ipAddress,
              userAgent: context.userAgent,
              correlationId: context.correlationId,
            },
            tx,
          );
          // An override that is not on the audit trail does not happen.
          if (!recorded.success) throw new Error(`status override not audited: ${recorded.error}`);
        }
        // A correction back to Confirmed is not a new confirmation: no second e-mail (and the
        // booking never gets a second automatic one: staff resend it from the booking page).
        if (status === 'Confirmed' && from !== 'CheckedIn') {
          await queueMessage(deps, tx, bookingId, 'booking_confirmed', {
            createdBy: context.actor.userId,
          });
        }
        return from;
      });
      if (status === 'Confirmed' && from !== 'CheckedIn') {
        const ended = await sendDueMessages(deps, bookingId);
        return {
          ...(await getDetail(bookingId)),
          confirmation_email_sent: wasSent(ended, 'booking_confirmed'),
        };
      }
      return getDetail(bookingId);
    },

    /** DESIGN §4: the refund a cancellation today would give, for staff to see first. */
    async refundPreview(bookingId: string): Promise<RefundPreview> {
      const record = await findBookingRecord(database.db, bookingId);
      if (!record) throw notFound(BOOKINGS_MESSAGES.notFound);
      const held = await folioSummary(database.db, bookingId);
      const paid = held.paid_total;
      const cancelledOn = today();
      const figures = cancellationRefund(
        held,
        record.booking.check_in,
        cancelledOn,
        false,
        record.booking.rate_plan as RatePlan,
      );
      return {
        percent: figures.percent,
        days_before: figures.days_before,
        amount: figures.refund_amount,
        paid_amount: paid,
        check_in: record.booking.check_in,
        cancelled_on: cancelledOn,
        can_cancel: canTransition(record.booking.booking_status as BookingStatus, 'Cancelled'),
      };
    },

    /**
     * DESIGN §4 cancellation, in one transaction: the status, the refund (SPEC §9's share of the
     * verified amount paid, by days before check-in in the resort's zone) recorded as a Refunded
     * payment, the booking's payment status and the guest's totals.
     */
    async cancel(
      bookingId: string,
      input: { reason: string; no_show?: boolean | undefined },
      context: ActorContext,
    ): Promise<{ data: BookingDetailDto; refund: Refund; cancellation_email_sent: boolean }> {
      const now = clock.now();
      const cancelledOn = today();
      const { refund } = await context.transaction(async (tx) => {
        const booking = await lockOrNotFound(tx, bookingId);
        const from = booking.booking_status as BookingStatus;
        if (!canTransition(from, 'Cancelled')) throw conflict(transitionError(from, 'Cancelled'));
        const amounts = await findPaymentAmounts(tx, bookingId);
        // Issue 17 point 6: the rule applies to what was actually paid (the folio's paid_total);
        // a no-show forfeits it; an overpayment is refunded in full; never beyond what was paid.
        const held = await folioSummary(tx, bookingId);
        const figures = cancellationRefund(
          held,
          booking.check_in,
          cancelledOn,
          input.no_show === true,
          booking.rate_plan as RatePlan,
        );
        const result: Refund = {
          percent: figures.percent,
          days_before: figures.days_before,
          amount: figures.refund_amount,
        };
        const updated = await updateBookingRow(tx, bookingId, {
          booking_status: 'Cancelled',
          cancelled_at: now,
          cancellation_reason: input.reason,
          proof_deadline: null,
        });
        // Issue 21: a cancelled booking gives its promo code's use back, in this transaction.
        await releasePromoUse(tx, bookingId, now);
        if (result.amount > 0) {
          // Refunded the way the guest paid: the method of the latest verified payment.
          const paidWith = [...amounts]
            .reverse()
            .find((row) => row.payment_status === 'Completed')?.payment_method;
          await recordRefund(tx, {
            booking_id: bookingId,
            amount: result.amount,
            payment_method: paidWith ?? booking.payment_method ?? 'Other',
            notes: BOOKINGS_MESSAGES.refundNote(result),
            by: context.actor.userId,
            at: now,
          });
        }
        await settleBooking(tx, updated);
        // Issue 18: the pending messages go; the guest is told, with the refund of the folio.
        await cancelPendingMessages(deps, tx, bookingId);
        await queueMessage(deps, tx, bookingId, 'cancellation', {
          createdBy: context.actor.userId,
        });
        return { refund: result };
      });
      const ended = await sendDueMessages(deps, bookingId);
      return {
        data: await getDetail(bookingId),
        refund,
        cancellation_email_sent: wasSent(ended, 'cancellation'),
      };
    },

    /**
     * Issue 17 point 5 (managers and up): how many guests hold a senior citizen or PWD ID, and
     * their numbers (redacted in the audit trail); the stay's entries in force are reversed and
     * split anew (decision 0017). A cancelled or checked-out stay is not re-priced (409).
     */
    async applySeniorPwd(
      bookingId: string,
      input: SeniorPwd,
      context: ActorContext,
    ): Promise<FolioDto> {
      const settings = await deps.settings.getPricing();
      await context.transaction(async (tx) => {
        const booking = await lockOrNotFound(tx, bookingId);
        if (isStayLocked(booking.booking_status)) {
          throw conflict(BOOKINGS_MESSAGES.stayLocked(booking.booking_status));
        }
        if (input.eligible_guests > booking.num_guests) {
          const message = BOOKINGS_MESSAGES.tooManyEligible(booking.num_guests);
          throw badRequest(message, [{ path: 'eligible_guests', message }]);
        }
        await updateBookingRow(tx, bookingId, {
          senior_pwd_guests: input.eligible_guests,
          senior_pwd_ids: input.id_numbers,
        });
        await applySeniorPwdSplit(tx, bookingId, {
          guests: booking.num_guests,
          eligible_guests: input.eligible_guests,
          settings,
        });
        await settleBooking(tx, booking);
      });
      return readFolio(database.db, bookingId);
    },

    /**
     * Issue 17 point 4, POST /api/bookings/:id/charges (staff and up): an extra from the
     * catalogue, priced for the booking's nights and guests by the one extras pricing module, on
     * the folio, at any time of the stay. A cancelled or checked-out booking takes no charge (409).
     */
    async postCharge(
      bookingId: string,
      input: PostCharge,
      context: ActorContext,
    ): Promise<FolioDto> {
      const settings = await deps.settings.getPricing();
      await context.transaction(async (tx) => {
        const booking = await lockOrNotFound(tx, bookingId);
        if (isStayLocked(booking.booking_status)) {
          throw conflict(BOOKINGS_MESSAGES.chargeLocked(booking.booking_status));
        }
        const drafts = await extraChargeDrafts(
          { database, settings: deps.settings },
          {
            selection: [{ extra_id: input.extra_id, quantity: input.quantity }],
            stay: {
              nights: diffDays(booking.check_out, booking.check_in),
              persons: booking.num_guests,
            },
            asGuest: false,
            issuePath: () => 'extra_id',
            note: input.note ?? null,
          },
          { tx, settings },
        );
        await postEntries(tx, bookingId, drafts);
        await settleBooking(tx, booking);
      });
      return readFolio(database.db, bookingId);
    },

    /** Owners and administrators; a booking with payments is held back by them (409). */
    async remove(bookingId: string, context: ActorContext): Promise<void> {
      await context.transaction(async (tx) => {
        const booking = await lockOrNotFound(tx, bookingId);
        // Issue 21: its promo code's use is given back before the booking (and its use) goes.
        await releasePromoUse(tx, bookingId, clock.now());
        await deleteBookingRow(tx, bookingId);
        if (booking.guest_id) await refreshGuestTotals(tx, booking.guest_id);
      });
    },

    /** SPEC §2 and §6: the last 50 entries for managers and above; others get an empty list. */
    async auditEntries(bookingId: string, role: string): Promise<AuditEntryDto[]> {
      if (!hasRoleAtLeast(role, 'manager')) return [];
      const rows = await findAuditEntries(database.db, 'bookings', bookingId, AUDIT_ENTRIES_LIMIT);
      return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
