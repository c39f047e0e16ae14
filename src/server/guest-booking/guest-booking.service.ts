import type { RatePlan } from '../../domain/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { BookingPaymentStatus, BookingStatus } from '../../domain/constants';
import { diffDays, todayInZone } from '../../domain/dates';
import type { CheckBooking } from '../../domain/schemas/check-booking.schema';
import { makeGuestBookingSchema } from '../../domain/schemas/guest-booking.schema';
import {
  type BalanceProofCreated,
  balanceProofRequestSchema,
  type BookingLookup,
  type ConfirmProofRequest,
  type GuestBookingCreated,
  type ProofConfirmed,
} from '../../domain/schemas/guest-booking.schema';
import type { BookingCreationService } from '../bookings/booking-creation.service';
import { cancelBookingsPastProofDeadline } from '../bookings/booking-records.service';
import type { CaptchaService } from '../captcha/captcha.service';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { AppTx, Database } from '../db/client';
import { badRequest, conflict, notFound } from '../errors';
import { refreshGuestTotals } from '../guests/guest-accounts.service';
import { readFolio } from '../folio/folio.service';
import type { TransactionRunner } from '../http/request-context';
import type { Mailer } from '../mail/mailer';
import { queueMessage, sendDueMessagesSoon, type MessagesDeps } from '../messages/messages.service';
import { queueMail } from '../mail/mail-delivery';
import type { BookingMailDetails } from '../mail/templates/layout';
import { resortBookingNotificationMail } from '../mail/templates/resort-booking-notification';
import {
  hasPaymentProof,
  pendingProofTotal,
  hasPaymentProofFile,
  recordPayment,
  settleBooking,
} from '../payments/payment-ledger.service';
import type { SettingsService } from '../settings/settings.service';
import { fileTooLargeMessage } from '../storage/proof-file';
import {
  normalizeStoragePath,
  PAYMENT_PROOFS_BUCKET,
  paymentProofPath,
} from '../storage/storage-path';
import type { StorageService } from '../storage/storage.service';
import { guestDocumentsOf } from '../documents/documents.service';
import {
  type BookingSummaryRow,
  findBookingByReferenceAndEmail,
  findBookingSummary,
  lockBookingForProof,
} from './guest-booking.repository';

/**
 * SPEC §4 guest booking flow on the server: create the Pending booking and hand out a signed
 * upload, accept the proof (confirm), and look a booking up by reference and e-mail.
 */

export const GUEST_BOOKING_MESSAGES = {
  created: 'Booking created. Please upload your payment proof to complete it.',
  proofReceived:
    'Payment proof received. We will verify your payment and confirm your booking by e-mail.',
  notFound: 'No booking found with the provided details.',
  bookingNotFound: 'Booking not found.',
  proofNotUploaded: 'The payment proof has not been uploaded yet. Please upload it again.',
  proofWrongBooking: 'The payment proof does not belong to this booking.',
  expired:
    'This booking was cancelled because the payment proof did not arrive in time. Please make a new booking.',
  cancelled: 'This booking has been cancelled.',
  balanceUpload: 'Please upload your payment proof for the balance.',
  nothingDue: 'Nothing is due on this booking.',
} as const;

/**
 * What a guest request brings besides its body: the client's address (Turnstile checks it) and a
 * transaction runner carrying the request facts for the audit trail (http/request-context.ts).
 */
export type GuestRequestScope = { ip: string; transaction: TransactionRunner };

export type GuestBookingService = {
  /** POST /api/guest-booking: the bot challenge first, then SPEC §5's rules, then the booking. */
  createGuestBooking(body: unknown, scope: GuestRequestScope): Promise<GuestBookingCreated>;
  /** POST /api/guest-booking/confirm: records the proof as a Pending payment; idempotent. */
  confirmProof(input: ConfirmProofRequest, scope: GuestRequestScope): Promise<ProofConfirmed>;
  /** POST /api/guest-booking/payment: a signed upload for a later proof of the balance (issue 17). */
  requestBalanceProof(body: unknown): Promise<BalanceProofCreated>;
  /** POST /api/guest-booking/status: one 404 for a wrong reference and a wrong e-mail. */
  lookupBooking(input: CheckBooking): Promise<BookingLookup>;
};

function toMailDetails(row: BookingSummaryRow): BookingMailDetails {
  return {
    booking_reference: row.booking_reference,
    guest_name: row.guest_name,
    email: row.email ?? '',
    phone_number: row.contact_number,
    unit_name: row.unit_name ?? 'Cabin',
    unit_type: row.unit_type ?? '',
    check_in: row.check_in,
    check_out: row.check_out,
    nights: diffDays(row.check_out, row.check_in),
    num_guests: row.num_guests,
    total_amount: row.total_amount,
    special_requests: row.special_requests,
  };
}

export function createGuestBookingService(
  deps: MessagesDeps & {
    config: Config;
    database: Database;
    clock: Clock;
    settings: SettingsService;
    storage: StorageService;
    mailer: Mailer;
    captcha: CaptchaService;
    bookingCreation: BookingCreationService;
    log: FastifyBaseLogger;
  },
): GuestBookingService {
  const { config, database, clock, storage, captcha } = deps;
  const publicUrl = config.publicUrl?.replace(/\/+$/, '');

  /**
   * SPEC §4: the resort hears of the booking's proof. Issue 24: the mail is a `send-mail` job
   * stored in the proof's transaction (`resort`: the general settings, read before it opened,
   * DESIGN §7), sent after the answer; a failed send stays on the job (Settings → System).
   */
  async function queueResortNotification(
    tx: AppTx,
    bookingId: string,
    resort: Awaited<ReturnType<SettingsService['getGeneral']>>,
  ): Promise<string | null> {
    const row = await findBookingSummary(tx, bookingId);
    if (!row) return null;
    // Issue 17: the money the mail states is the folio's.
    const folio = await readFolio(tx, bookingId);
    const booking = { ...toMailDetails(row), total_amount: folio.charges_total };
    const resortMail = resortBookingNotificationMail({
      booking,
      resort,
      bookingUrl: publicUrl ? `${publicUrl}/bookings/${row.booking_id}` : undefined,
    });
    const job = await queueMail(
      deps.jobs,
      { to: resort.contact_email, replyTo: row.email ?? undefined, ...resortMail },
      tx,
    );
    return job.job_id;
  }

  return {
    async createGuestBooking(body, scope) {
      // The challenge is checked before anything else is looked at (issue 4): a bot learns
      // nothing about the validation rules or the units without solving it.
      const token = (body as { turnstile_token?: unknown } | null)?.turnstile_token;
      const pass = await captcha.verify(token, scope.ip);

      const now = clock.now();
      const today = todayInZone(config.timezone, now);
      const input = makeGuestBookingSchema(today).parse(body);
      if (input.file_size > storage.maxUploadBytes) {
        const message = fileTooLargeMessage(storage.maxUploadBytes);
        throw badRequest(message, [{ path: 'file_size', message }]);
      }

      const general = await deps.settings.getGeneral();
      // DESIGN §3: no proof within proof_timeout_hours (default 2) and the booking is cancelled.
      const proofDeadline = new Date(now.getTime() + general.proof_timeout_hours * 3_600_000);
      const booking = await deps.bookingCreation.createBooking(
        {
          created_via: 'guest',
          source: 'website',
          guest: {
            guest_name: input.guest_name,
            email: input.email,
            phone_number: input.phone_number,
          },
          lines: [{ unit_id: input.unit_id, num_guests: input.num_guests }],
          check_in: input.check_in,
          check_out: input.check_out,
          today,
          // Issue 17: priced as the quote prices them and posted on the folio with the stay, in
          // the booking's transaction; a line a guest may not pick is a 400 and nothing is made.
          extras: { selection: input.extras ?? [], asGuest: true },
          // Issue 21: the stay rules apply (guests never override them); the code and plan.
          promo_code: input.promo_code,
          rate_plan: input.rate_plan,
          special_requests: input.special_requests ?? null,
          // Issue 15: the method the guest says they paid with (Other when not said).
          payment_method: input.payment_method,
          // SPEC §4: a new booking starts Pending; its folio reads Unpaid until a proof comes.
          booking_status: 'Pending',
          proof_deadline: proofDeadline,
          issuePath: (_index, field) => field,
        },
        // A solution is spent only by a booking that is made, and in its transaction, so two
        // requests racing with one solution cannot both book.
        { beforeCreate: (tx) => captcha.consume(tx, pass), transaction: scope.transaction },
      );

      const upload = storage.createSignedUpload({
        bucket: PAYMENT_PROOFS_BUCKET,
        path: paymentProofPath(booking.booking_id, input.file_name, input.file_type, now),
      });
      return {
        success: true,
        booking: {
          booking_id: booking.booking_id,
          booking_reference: booking.booking_reference,
          total_amount: booking.total_amount,
          ...booking.deposit,
        },
        upload: {
          bucket: upload.bucket,
          path: upload.path,
          token: upload.token,
          expires_at: upload.expires_at.toISOString(),
        },
        message: GUEST_BOOKING_MESSAGES.created,
      };
    },

    async confirmProof(input, scope) {
      const withoutBucket = input.file_path.startsWith(`${PAYMENT_PROOFS_BUCKET}/`)
        ? input.file_path.slice(PAYMENT_PROOFS_BUCKET.length + 1)
        : input.file_path;
      const proofPath = normalizeStoragePath(withoutBucket);
      if (proofPath === null || !proofPath.toLowerCase().startsWith(`${input.booking_id}/`)) {
        throw badRequest(GUEST_BOOKING_MESSAGES.proofWrongBooking, [
          { path: 'file_path', message: GUEST_BOOKING_MESSAGES.proofWrongBooking },
        ]);
      }
      if (!(await storage.driver.exists(PAYMENT_PROOFS_BUCKET, proofPath))) {
        throw badRequest(GUEST_BOOKING_MESSAGES.proofNotUploaded, [
          { path: 'file_path', message: GUEST_BOOKING_MESSAGES.proofNotUploaded },
        ]);
      }

      // Read before the transaction opens: PGlite is one session (DESIGN §7).
      const resort = await deps.settings.getGeneral();
      const outcome = await scope.transaction(async (tx) => {
        // The row lock orders this against the expiry job and a second confirm.
        const booking = await lockBookingForProof(tx, input.booking_id);
        if (!booking) throw notFound(GUEST_BOOKING_MESSAGES.bookingNotFound);
        const proof = `${PAYMENT_PROOFS_BUCKET}/${proofPath}`;
        if (await hasPaymentProofFile(tx, booking.booking_id, proof)) {
          // Idempotent per file: this proof is already recorded; no second payment or e-mail.
          return {
            booking,
            payment_status: booking.payment_status,
            recorded: false,
            notification: null,
          };
        }
        // Issue 17: a guest booking's first proof is for the deposit; a later one (another file,
        // asked for by POST /api/guest-booking/payment) is for the folio's balance due. A staff
        // booking takes only that balance proof: its file exists only if the guest asked for the
        // upload with the booking's reference and e-mail (the file check above).
        const laterProof =
          booking.created_via !== 'guest' || (await hasPaymentProof(tx, booking.booking_id));
        if (booking.booking_status === 'Cancelled') {
          throw conflict(
            booking.cancellation_reason?.startsWith('Payment proof not received')
              ? GUEST_BOOKING_MESSAGES.expired
              : GUEST_BOOKING_MESSAGES.cancelled,
          );
        }
        // DESIGN §3: a proof the guest uploads is a Pending payment until staff verify it.
        // Issue 15: the method and reference the guest gave, for staff to check the proof by.
        const method = input.payment_method ?? booking.payment_method ?? 'Other';
        // Issue 17: the first proof is recorded against the deposit asked when booking.
        let amount = booking.deposit_amount > 0 ? booking.deposit_amount : booking.total_amount;
        if (laterProof) {
          amount = (await readFolio(tx, booking.booking_id)).balance;
          if (amount <= 0) throw conflict(GUEST_BOOKING_MESSAGES.nothingDue);
        }
        await recordPayment(tx, {
          booking_id: booking.booking_id,
          payment_amount: amount,
          payment_method: method,
          transaction_reference: input.payment_reference ?? null,
          payment_status: 'Pending',
          payment_proof: proof,
          transaction_date: clock.now(),
          notes: laterProof
            ? 'Payment proof for the balance uploaded by the guest.'
            : 'Payment proof uploaded by the guest with the online booking.',
        });
        // The booking's payment status, its method and its guest's totals follow, and its proof
        // deadline goes: the expiry job leaves it alone (DESIGN §3).
        const settled = await settleBooking(tx, booking, {
          proofArrived: { payment_method: method },
        });
        // Issue 18: the guest's mail is a message of the booking (its first proof: "booking
        // received"; a later one: "payment received").
        await queueMessage(
          deps,
          tx,
          booking.booking_id,
          laterProof ? 'payment_received' : 'booking_received',
        );
        const notification = await queueResortNotification(tx, booking.booking_id, resort);
        return {
          booking,
          payment_status: settled.payment_status,
          recorded: true,
          notification,
        };
      });

      if (outcome.recorded) {
        // Issue 24: both mails leave after the answer (stored with the proof: never lost).
        sendDueMessagesSoon(
          deps,
          outcome.booking.booking_id,
          outcome.notification ? [outcome.notification] : [],
        );
      }
      return {
        success: true,
        booking: {
          booking_id: outcome.booking.booking_id,
          booking_reference: outcome.booking.booking_reference,
          booking_status: outcome.booking.booking_status as BookingStatus,
          payment_status: outcome.payment_status as BookingPaymentStatus,
        },
        message: GUEST_BOOKING_MESSAGES.proofReceived,
      };
    },

    async requestBalanceProof(body) {
      const input = balanceProofRequestSchema.parse(body);
      if (input.file_size > storage.maxUploadBytes) {
        const message = fileTooLargeMessage(storage.maxUploadBytes);
        throw badRequest(message, [{ path: 'file_size', message }]);
      }
      const row = await findBookingByReferenceAndEmail(
        database.db,
        input.booking_reference,
        input.email,
      );
      if (!row) throw notFound(GUEST_BOOKING_MESSAGES.notFound);
      if (row.booking_status === 'Cancelled') throw conflict(GUEST_BOOKING_MESSAGES.cancelled);
      const folio = await readFolio(database.db, row.booking_id);
      if (folio.balance <= 0) throw conflict(GUEST_BOOKING_MESSAGES.nothingDue);
      const upload = storage.createSignedUpload({
        bucket: PAYMENT_PROOFS_BUCKET,
        path: paymentProofPath(row.booking_id, input.file_name, input.file_type, clock.now()),
      });
      return {
        success: true,
        booking: {
          booking_id: row.booking_id,
          booking_reference: row.booking_reference,
          balance: folio.balance,
        },
        upload: {
          bucket: upload.bucket,
          path: upload.path,
          token: upload.token,
          expires_at: upload.expires_at.toISOString(),
        },
        message: GUEST_BOOKING_MESSAGES.balanceUpload,
      };
    },

    async lookupBooking(input) {
      const row = await findBookingByReferenceAndEmail(
        database.db,
        input.booking_reference,
        input.email,
      );
      if (!row) throw notFound(GUEST_BOOKING_MESSAGES.notFound);
      // Issue 17: what is paid, what is due and by when, from the folio.
      const folio = await readFolio(database.db, row.booking_id);
      return {
        booking_id: row.booking_id,
        booking_reference: row.booking_reference,
        booking_status: row.booking_status as BookingStatus,
        payment_status: row.payment_status as BookingPaymentStatus,
        check_in: row.check_in,
        check_out: row.check_out,
        total_amount: row.total_amount,
        paid_total: folio.paid_total,
        balance: folio.balance,
        balance_due_date: folio.balance_due_date,
        pending_total: await pendingProofTotal(database.db, row.booking_id),
        unit: { unit_name: row.unit_name ?? '', unit_type: row.unit_type ?? '' },
        rate_plan: row.rate_plan as RatePlan,
        promo_code: row.promo_code,
        documents: await guestDocumentsOf(deps, row.booking_id),
      };
    },
  };
}

/**
 * DESIGN §3 "guest bookings without a proof", in the caller's transaction: every guest booking
 * still Pending whose proof deadline has passed and that has no payment is cancelled with the
 * reason given, and its guest's totals follow. Answers the bookings cancelled.
 */
export async function expireOverdueGuestBookings(
  tx: AppTx,
  now: Date,
  reason: string,
): Promise<{ booking_id: string; booking_reference: string }[]> {
  const cancelled = await cancelBookingsPastProofDeadline(tx, now, reason);
  const guestIds = new Set(cancelled.map((row) => row.guest_id).filter((id) => id !== null));
  for (const guestId of guestIds) await refreshGuestTotals(tx, guestId);
  return cancelled.map(({ booking_id, booking_reference }) => ({ booking_id, booking_reference }));
}
