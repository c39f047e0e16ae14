import { UNIT_STATUSES } from '../../domain/constants';
import { diffDays, todayInZone } from '../../domain/dates';
import { formatCurrency } from '../../domain/format';
import type { FolioEntry } from '../../domain/folio';
import { stayEntriesFromQuote } from '../../domain/folio-stay';
import type { RatePlan } from '../../domain/pricing';
import type {
  EarlyDepartureBody,
  EarlyDepartureResponse,
  ExtendBody,
  ExtendResponse,
  MoveBody,
  MoveResponse,
} from '../../domain/schemas/front-desk.schema';
import type { BookingDetailDto } from '../../domain/schemas/booking.schema';
import { activeStayEntries } from '../../domain/senior-pwd';
import {
  entriesTotal,
  keptStayEntries,
  nightsBetween,
  releasesCharges,
  splitLineMoney,
  STAY_CHANGE_MESSAGES as M,
} from '../../domain/stay-changes';
import { recordAppEvent } from '../audit/audit-events.service';
import type { AppTx } from '../db/client';
import { badRequest, conflict, notFound } from '../errors';
import { postEntries, readFolio, repostStay } from '../folio/folio.service';
import type { ActorContext } from '../http/request-context';
import { rescheduleStayMessages } from '../messages/messages.service';
import { settleBooking } from '../payments/payment-ledger.service';
import { setHousekeepingStatus } from '../units/housekeeping.service';
import { refuseTakenNights } from './booking-rules';
import {
  type BookingLineRow,
  type BookingRow,
  deleteLine,
  findLinesOfBooking,
  findTakenNights,
  insertSplitLine,
  lockBooking,
  updateBookingRow,
  updateLine,
} from './bookings.repository';
import { STAFF_BOOKABLE_UNIT_STATUSES, type BookingsServiceDeps } from './bookings.service';

/**
 * Issue 22, DESIGN §8: the front desk's changes of a stay — early departure, extension and a
 * move to another cabin from a date (a split stay). Each is one transaction on the booking's row
 * lock, audited; the database's exclusion constraint guards every line's own nights, so a night
 * taken between our check and our write is still refused (409).
 */

function field(path: string, message: string): never {
  throw badRequest(message, [{ path, message }]);
}

function isLocked(status: string): boolean {
  return status === 'Cancelled' || status === 'CheckedOut';
}

export function createStayChangesService(
  deps: BookingsServiceDeps,
  getDetail: (bookingId: string) => Promise<BookingDetailDto>,
) {
  const { config, clock } = deps;
  const today = () => todayInZone(config.timezone, clock.now());

  async function lockOpen(tx: AppTx, bookingId: string): Promise<BookingRow> {
    const booking = await lockBooking(tx, bookingId);
    if (!booking) throw notFound('Booking not found.');
    if (isLocked(booking.booking_status)) throw conflict(M.locked(booking.booking_status));
    return booking;
  }

  /** 409 naming the nights of [from, to) `unitId` cannot give this booking. */
  async function refuseTaken(
    tx: AppTx,
    booking: BookingRow,
    unit: { unit_id: string; unit_name: string },
    from: string,
    to: string,
  ): Promise<void> {
    const taken = await findTakenNights(tx, unit.unit_id, from, to, booking.booking_id);
    if (taken.length > 0) throw conflict(M.nightsTaken(unit.unit_name, taken));
  }

  async function audit(
    tx: AppTx,
    context: ActorContext,
    booking: BookingRow,
    event: { type: string; description: string; oldData: object; newData: object; meta: object },
  ) {
    const recorded = await recordAppEvent(
      deps,
      {
        tableName: 'bookings',
        recordId: booking.booking_id,
        action: 'UPDATE',
        eventType: event.type,
        description: `Booking ${booking.booking_reference}: ${event.description}`,
        category: 'BOOKING',
        severity: 'INFO',
        oldData: event.oldData as Record<string, unknown>,
        newData: event.newData as Record<string, unknown>,
        metadata: event.meta as Record<string, unknown>,
        actor: context.actor,
        ipAddress: context.ipAddress,
        userAgent: context.userAgent,
        correlationId: context.correlationId,
      },
      tx,
    );
    if (!recorded.success) throw new Error(`stay change not audited: ${recorded.error}`);
  }

  /** The cabins a checked-in guest has left turn Dirty (issue 22, H2's housekeeping status). */
  async function leaveDirty(tx: AppTx, booking: BookingRow, unitIds: readonly string[]) {
    if (booking.booking_status !== 'CheckedIn') return;
    for (const unitId of new Set(unitIds)) await setHousekeepingStatus(tx, unitId, 'Dirty');
  }

  return {
    /**
     * POST /api/bookings/:id/early-departure: the stay ends on `check_out`; the released nights
     * are freed (lines after it go, lines across it end there). With `refund` the stay's charges
     * become the kept nights' share (stay-changes.ts); without, they stay as booked.
     */
    async earlyDeparture(
      bookingId: string,
      input: EarlyDepartureBody,
      context: ActorContext,
    ): Promise<EarlyDepartureResponse> {
      const result = await context.transaction(async (tx) => {
        const booking = await lockOpen(tx, bookingId);
        const newOut = input.check_out;
        if (newOut <= booking.check_in || newOut >= booking.check_out) {
          field('check_out', M.earlyCheckOut);
        }
        const released = nightsBetween(newOut, booking.check_out);
        const lines = await findLinesOfBooking(tx, bookingId);
        const left: string[] = [];
        for (const line of lines) {
          if (line.check_in >= newOut) {
            await deleteLine(tx, line.booking_unit_id);
          } else if (line.check_out > newOut) {
            await updateLine(tx, line.booking_unit_id, { check_out: newOut });
            left.push(line.unit_id);
          } else if (line.check_out === newOut) {
            left.push(line.unit_id);
          }
        }
        const updated = await updateBookingRow(tx, bookingId, { check_out: newOut });

        let refundAmount = 0;
        if (releasesCharges(input.refund, booking.rate_plan as RatePlan)) {
          const folio = await readFolio(tx, bookingId);
          const entries: FolioEntry[] = folio.entries.map((entry) => ({
            ...entry,
            booking_id: bookingId,
          }));
          const stay = activeStayEntries(entries);
          if (stay.length > 0) {
            const booked = diffDays(booking.check_out, booking.check_in);
            const kept = keptStayEntries(stay, diffDays(newOut, booking.check_in), booked);
            refundAmount = entriesTotal(stay) - entriesTotal(kept);
            await repostStay(tx, bookingId, kept, `Early departure: ${input.reason}`);
          }
        }
        await settleBooking(tx, updated);
        await rescheduleStayMessages(deps, tx, updated);
        await leaveDirty(tx, booking, left);
        await audit(tx, context, booking, {
          type: 'early_departure',
          description: `early departure on ${newOut} (${released.length} night${released.length === 1 ? '' : 's'} released, ${
            refundAmount > 0 ? `${formatCurrency(refundAmount)} off the bill` : 'charges kept'
          }): ${input.reason}`,
          oldData: { check_out: booking.check_out },
          newData: { check_out: newOut },
          meta: { released_nights: released, refund: input.refund, refund_amount: refundAmount },
        });
        return { released, refundAmount };
      });
      return {
        data: await getDetail(bookingId),
        released_nights: result.released,
        refund_amount: result.refundAmount,
      };
    },

    /**
     * POST /api/bookings/:id/extend: the lines ending on the booked check-out run on to the new
     * one if their cabins are free (409 naming the taken nights); the added nights are priced by
     * the booking's rules (pricing.ts, its rate plan) and charged on the folio.
     */
    async extend(
      bookingId: string,
      input: ExtendBody,
      context: ActorContext,
    ): Promise<ExtendResponse> {
      const settings = await deps.settings.getPricing();
      const result = await context.transaction(async (tx) => {
        const booking = await lockOpen(tx, bookingId);
        const newOut = input.check_out;
        if (newOut <= booking.check_out) field('check_out', M.laterCheckOut);
        const lines = (await findLinesOfBooking(tx, bookingId)).filter(
          (line) => line.check_out === booking.check_out,
        );
        const priced = await deps.bookingCreation.priceStay(
          {
            lines: lines.map((line) => ({
              unit_id: line.unit_id,
              num_guests: line.assigned_guests,
            })),
            check_in: booking.check_out,
            check_out: newOut,
            today: today(),
            // The cabins the guest already holds, whatever their status says about today.
            allowedUnitStatuses: UNIT_STATUSES,
            issuePath: () => 'check_out',
            skipStayRules: true,
            rate_plan: booking.rate_plan as RatePlan,
            keepRatePlan: true,
          },
          { tx, settings },
        );
        for (const unit of priced.units) {
          await refuseTaken(tx, booking, unit, booking.check_out, newOut);
        }
        const updated = await refuseTakenNights(
          {
            unit_name: priced.units[0]?.unit_name ?? 'The cabin',
            check_in: booking.check_out,
            check_out: newOut,
          },
          () => updateBookingRow(tx, bookingId, { check_out: newOut }),
        );
        const added = nightsBetween(booking.check_out, newOut);
        const drafts = stayEntriesFromQuote(
          priced.quote,
          priced.units.map((unit) => `${unit.unit_name} (extension)`),
          settings.tax_mode,
        );
        await postEntries(tx, bookingId, drafts);
        await settleBooking(tx, updated);
        await rescheduleStayMessages(deps, tx, updated);
        const charge = entriesTotal(drafts);
        await audit(tx, context, booking, {
          type: 'stay_extended',
          description: `stay extended to ${newOut} (${added.length} night${added.length === 1 ? '' : 's'}, ${formatCurrency(charge)})`,
          oldData: { check_out: booking.check_out },
          newData: { check_out: newOut },
          meta: { added_nights: added, charge_amount: charge },
        });
        return { added, charge };
      });
      return {
        data: await getDetail(bookingId),
        added_nights: result.added,
        charge_amount: result.charge,
      };
    },

    /**
     * POST /api/bookings/:id/move: from `from_date` the guest sleeps in another cabin. The line in
     * the old cabin ends there and a new line runs on in the new one (a split stay), or the whole
     * line moves when from_date is its first night. The money stays as booked.
     */
    async move(bookingId: string, input: MoveBody, context: ActorContext): Promise<MoveResponse> {
      const settings = await deps.settings.getPricing();
      const result = await context.transaction(async (tx) => {
        const booking = await lockOpen(tx, bookingId);
        const { from_date: from } = input;
        if (from < booking.check_in || from >= booking.check_out) {
          field('from_date', M.fromDateOutside);
        }
        const lines = await findLinesOfBooking(tx, bookingId);
        const line: BookingLineRow | undefined = lines.find(
          (candidate) =>
            candidate.unit_id === input.from_unit_id &&
            candidate.check_in <= from &&
            from < candidate.check_out,
        );
        if (!line) field('from_unit_id', M.notInCabin);
        // The new cabin's checks (exists, bookable by staff, holds the line's guests) are
        // booking's own; its price is not used: the money stays as booked.
        const priced = await deps.bookingCreation.priceStay(
          {
            lines: [{ unit_id: input.to_unit_id, num_guests: line.assigned_guests }],
            check_in: from,
            check_out: line.check_out,
            today: today(),
            allowedUnitStatuses: STAFF_BOOKABLE_UNIT_STATUSES,
            issuePath: () => 'to_unit_id',
            skipStayRules: true,
            rate_plan: booking.rate_plan as RatePlan,
            keepRatePlan: true,
          },
          { tx, settings },
        );
        const target = priced.units[0]!;
        await refuseTaken(tx, booking, target, from, line.check_out);
        const moved = nightsBetween(from, line.check_out);
        await refuseTakenNights(
          { unit_name: target.unit_name, check_in: from, check_out: line.check_out },
          async () => {
            if (from === line.check_in) {
              await updateLine(tx, line.booking_unit_id, { unit_id: target.unit_id });
              return;
            }
            const total = diffDays(line.check_out, line.check_in);
            const money = (amount: number) => splitLineMoney(amount, moved.length, total);
            const price = money(line.unit_price);
            const weekend = money(line.weekend_surcharge);
            const extra = money(line.extra_person_charge);
            const subtotal = money(line.subtotal);
            await updateLine(tx, line.booking_unit_id, {
              check_out: from,
              unit_price: price.kept,
              weekend_surcharge: weekend.kept,
              extra_person_charge: extra.kept,
              subtotal: subtotal.kept,
            });
            await insertSplitLine(tx, {
              booking_id: bookingId,
              unit_id: target.unit_id,
              check_in: from,
              check_out: line.check_out,
              assigned_guests: line.assigned_guests,
              unit_notes: line.unit_notes,
              unit_price: price.moved,
              weekend_surcharge: weekend.moved,
              extra_person_charge: extra.moved,
              subtotal: subtotal.moved,
            });
          },
        );
        await leaveDirty(tx, booking, [line.unit_id]);
        await audit(tx, context, booking, {
          type: 'cabin_moved',
          description: `moved from ${input.from_unit_id} to ${target.unit_name} from ${from}`,
          oldData: { unit_id: line.unit_id, check_in: line.check_in, check_out: line.check_out },
          newData: { unit_id: target.unit_id, check_in: from, check_out: line.check_out },
          meta: { moved_nights: moved, from_unit_id: line.unit_id, to_unit_id: target.unit_id },
        });
        return { moved };
      });
      return { data: await getDetail(bookingId), moved_nights: result.moved };
    },
  };
}

export type StayChangesService = ReturnType<typeof createStayChangesService>;
