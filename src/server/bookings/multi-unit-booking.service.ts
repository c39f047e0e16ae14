import { hasRoleAtLeast } from '../../domain/constants';
import { todayInZone } from '../../domain/dates';
import type { BookingDetailDto } from '../../domain/schemas/booking.schema';
import type { MultiUnitBooking } from '../../domain/schemas/multi-unit.schema';
import { badRequest } from '../errors';
import type { ActorContext } from '../http/request-context';
import { type IdempotentAnswer, runIdempotent } from '../idempotency/idempotency';
import { sendDueMessagesSoon, type MessagesDeps } from '../messages/messages.service';
import {
  paymentsOfBookings,
  recordPayment,
  settleBooking,
} from '../payments/payment-ledger.service';
import type { BookingCreationService } from './booking-creation.service';
import { toBookingDetailDto } from './booking-dto';
import { findBookingRecord } from './bookings.repository';

export const MULTI_UNIT_MESSAGES = {
  paymentAboveTotal: 'The payment cannot be more than the booking total.',
} as const;

/** Where an idempotency key of this endpoint lives: one namespace per member of staff. */
export const multiUnitScope = (userId: string) => `POST /api/bookings/multi-unit:${userId}`;

/**
 * SPEC §3 and §7 POST /api/bookings/multi-unit: one booking of 1 to 10 cabins in one
 * transaction, through the one booking-creation service (server-side DESIGN §4 price with the
 * Bulk discount, the guest found or created, one line per cabin, the database refusing taken
 * nights), plus the payment when one is given. All or nothing; the Idempotency-Key makes a
 * retried or doubled request create one booking (idempotency.ts).
 */
export function createMultiUnitBookingService(
  deps: MessagesDeps & { bookingCreation: BookingCreationService },
) {
  const { database, config, clock } = deps;

  return {
    async create(
      input: MultiUnitBooking,
      idempotencyKey: string,
      context: ActorContext,
    ): Promise<IdempotentAnswer> {
      // The key is the header's; a copy in the body is not part of what the request asks for.
      const { idempotency_key: _ignored, ...request } = input;
      /** Set once the booking is made by this request (not a replay). */
      let madeId: string | undefined;
      const answer = await runIdempotent(
        { database, clock },
        { scope: multiUnitScope(context.actor.userId), key: idempotencyKey, body: request },
        async (complete) => {
          // SPEC §5: check-in not in the past (the resort's today, DESIGN §3): createBooking's.
          const today = todayInZone(config.timezone, clock.now());
          const payment = request.payment;
          let detail: BookingDetailDto | null = null;
          await deps.bookingCreation.createBooking(
            {
              created_via: 'web',
              // Issue 22: as the staff chose; SPEC §3's old "web" is the default, a phone booking.
              source: request.source === 'web' ? 'phone' : request.source,
              guest: {
                guest_name: request.primary_guest.guest_name,
                email: request.primary_guest.email,
                phone_number: request.primary_guest.contact_number,
              },
              lines: request.units.map((line) => ({
                unit_id: line.unit_id,
                num_guests: line.num_guests,
                unit_notes: line.unit_notes ?? null,
              })),
              check_in: request.check_in,
              check_out: request.check_out,
              today,
              special_requests: request.special_requests ?? null,
              internal_notes: request.internal_notes ?? null,
              // SPEC §4: a new multi-unit booking starts Pending (and Unpaid, its folio says).
              booking_status: 'Pending',
              payment_method: payment.method,
              created_by: context.actor.userId,
              promo_code: request.promo_code,
              rate_plan: request.rate_plan,
              ruleOverride: { reason: request.override_reason, context },
            },
            {
              transaction: context.transaction,
              afterCreate: async (tx, booking) => {
                if (payment.amount !== undefined) {
                  if (payment.amount > booking.total_amount) {
                    throw badRequest(MULTI_UNIT_MESSAGES.paymentAboveTotal, [
                      { path: 'payment.amount', message: MULTI_UNIT_MESSAGES.paymentAboveTotal },
                    ]);
                  }
                  // DESIGN §5: managers and above verify payments, so theirs is Completed at
                  // once (SPEC §4); a member of staff's waits for a manager's Verify.
                  const verifies = hasRoleAtLeast(context.actor.role, 'manager');
                  await recordPayment(tx, {
                    booking_id: booking.booking_id,
                    payment_amount: payment.amount,
                    payment_method: payment.method,
                    payment_status: verifies ? 'Completed' : 'Pending',
                    payment_proof_url: payment.proof_url ?? null,
                    transaction_date: clock.now(),
                    recorded_by: context.actor.userId,
                    ...(verifies
                      ? { verified_at: clock.now(), verified_by: context.actor.userId }
                      : {}),
                  });
                  await settleBooking(tx, booking);
                }
                const record = await findBookingRecord(tx, booking.booking_id);
                const payments = await paymentsOfBookings(tx, [booking.booking_id]);
                detail = toBookingDetailDto(record!, payments);
                madeId = booking.booking_id;
                // Recorded in this transaction: the booking and its answer commit together.
                await complete(tx, 201, { data: detail });
              },
            },
          );
          return { statusCode: 201, body: { data: detail } };
        },
      );
      // Issue 18, as for a single booking: the guest's "booking received" leaves once it
      // committed, after the answer (issue 24; a walk-in without e-mail has it recorded as skipped).
      if (madeId) sendDueMessagesSoon(deps, madeId);
      return answer;
    },
  };
}
