import { TZDate } from '@date-fns/tz';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { transitionError } from '../../domain/booking-status';
import { type BookingStatus, hasRoleAtLeast, PROOF_MIME_TYPES } from '../../domain/constants';
import { formatCurrency, formatDate } from '../../domain/format';
import type { PaymentDetailDto } from '../../domain/schemas/payment-detail.schema';
import type { PaymentListQueryInput, PaymentPatch } from '../../domain/schemas/payment.schema';
import type { ProofFile, RecordPayment } from '../../domain/schemas/record-payment.schema';
import {
  type BookingRow,
  confirmBooking,
  findBookingDto,
  lockBooking,
  markProofArrived,
} from '../bookings/booking-records.service';
import {
  queueMessage,
  sendDueMessages,
  wasSent,
  type MessagesDeps,
} from '../messages/messages.service';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { AppTx, Database } from '../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../errors';
import type { ActorContext } from '../http/request-context';
import type { Mailer } from '../mail/mailer';
import type { SettingsService } from '../settings/settings.service';
import { fileTooLargeMessage } from '../storage/proof-file';
import {
  normalizeStoragePath,
  PAYMENT_PROOFS_BUCKET,
  paymentProofPath,
} from '../storage/storage-path';
import type { StorageService } from '../storage/storage.service';
import { proofFileName, toPaymentDto } from './payment-dto';
import {
  amountPaid,
  changePayment,
  recordPayment,
  recordRefund,
  settleBooking,
} from './payment-ledger.service';
import { findPayment, listPayments, lockPayment, type PaymentRow } from './payments.repository';
import { PERMISSION_MESSAGES } from '../../domain/permissions';

export const PAYMENT_MESSAGES = {
  notFound: 'Payment not found.',
  bookingNotFound: 'Booking not found.',
  cancelledBooking: 'Payments cannot be recorded on a cancelled booking.',
  verifiedAdminOnly: PERMISSION_MESSAGES.verifiedPaymentAdminOnly,
  notPending: (status: string) =>
    `Only a pending payment can be verified. This payment is ${status}.`,
  notVerified: 'Only a verified payment can be refunded.',
  nothingToRefund: 'Nothing is left to refund on this booking.',
  refundTooLarge: (max: number) => `The refund cannot exceed ${formatCurrency(max)}.`,
  statusNotEditable:
    'This payment is verified or refunded: its status changes only through Verify and Refund.',
  proofWrongBooking: 'The payment proof does not belong to this booking.',
  proofNotUploaded: 'The payment proof has not been uploaded yet. Please upload it again.',
  proofAlreadyAttached: 'This payment already has a proof.',
  proofNotPending: 'A proof can only be added to a pending payment.',
  proofMissing: 'This payment has no proof.',
  proofFileMissing: 'The payment proof file could not be found.',
  nothingToUpdate: 'Nothing to update.',
} as const;

export type PaymentsServiceDeps = MessagesDeps & {
  config: Config;
  database: Database;
  clock: Clock;
  settings: SettingsService;
  mailer: Mailer;
  storage: StorageService;
  log: FastifyBaseLogger;
};

type Upload = { bucket: string; path: string; token: string; expires_at: string };

/** The stored `payment-proofs/<path>` split into bucket and a checked path, or null. */
function proofLocation(stored: string | null): { bucket: string; path: string } | null {
  if (!stored) return null;
  const raw = stored.startsWith(`${PAYMENT_PROOFS_BUCKET}/`)
    ? stored.slice(PAYMENT_PROOFS_BUCKET.length + 1)
    : stored;
  const path = normalizeStoragePath(raw);
  return path ? { bucket: PAYMENT_PROOFS_BUCKET, path } : null;
}

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { config, database, clock, storage } = deps;

  async function getDetail(paymentId: string): Promise<PaymentDetailDto> {
    const payment = await findPayment(database.db, paymentId);
    if (!payment) throw notFound(PAYMENT_MESSAGES.notFound);
    const booking = await findBookingDto(database.db, payment.booking_id);
    if (!booking) throw notFound(PAYMENT_MESSAGES.bookingNotFound);
    return { ...toPaymentDto(payment), booking, guest: booking.guest };
  }

  async function lockPaymentOrNotFound(tx: AppTx, paymentId: string): Promise<PaymentRow> {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw notFound(PAYMENT_MESSAGES.notFound);
    return payment;
  }

  async function lockBookingOf(tx: AppTx, bookingId: string): Promise<BookingRow> {
    const booking = await lockBooking(tx, bookingId);
    if (!booking) throw notFound(PAYMENT_MESSAGES.bookingNotFound);
    return booking;
  }

  function signedUpload(bookingId: string, file: ProofFile): Upload {
    if (file.file_size > storage.maxUploadBytes) {
      const message = fileTooLargeMessage(storage.maxUploadBytes);
      throw badRequest(message, [{ path: 'file_size', message }]);
    }
    const upload = storage.createSignedUpload({
      bucket: PAYMENT_PROOFS_BUCKET,
      path: paymentProofPath(bookingId, file.file_name, file.file_type, clock.now()),
    });
    return { ...upload, expires_at: upload.expires_at.toISOString() };
  }

  /** A payment's transaction date given as a calendar date: noon that day in the resort. */
  function transactionInstant(date: string): Date {
    const [year, month, day] = date.split('-').map(Number);
    return new Date(new TZDate(year!, month! - 1, day!, 12, 0, 0, config.timezone).getTime());
  }

  return {
    async list(query: PaymentListQueryInput) {
      const { rows, total } = await listPayments(database.db, query);
      return {
        data: rows.map((row) => ({
          ...toPaymentDto(row),
          booking: {
            ...row.booking,
            booking_status: row.booking.booking_status as BookingStatus,
            payment_status: row.booking
              .payment_status as PaymentDetailDto['booking']['payment_status'],
          },
        })),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },

    get: getDetail,

    /**
     * SPEC §5 "Record New Payment": the payment is written Pending without its proof, and the
     * answer carries a signed upload to `payment-proofs/{bookingId}/{timestamp}-{name}` (SPEC §7);
     * attachProof then links the stored file.
     */
    async record(
      input: RecordPayment,
      context: ActorContext,
    ): Promise<{ data: PaymentDetailDto; upload: Upload }> {
      const bookingId = input.booking_id.toLowerCase();
      const upload = signedUpload(bookingId, input);
      const payment = await context.transaction(async (tx) => {
        const booking = await lockBooking(tx, bookingId);
        if (!booking) {
          throw new AppError(404, PAYMENT_MESSAGES.bookingNotFound, [
            { path: 'booking_id', message: PAYMENT_MESSAGES.bookingNotFound },
          ]);
        }
        if (booking.booking_status === 'Cancelled')
          throw conflict(PAYMENT_MESSAGES.cancelledBooking);
        const recorded = await recordPayment(tx, {
          booking_id: bookingId,
          payment_amount: input.payment_amount,
          payment_method: input.payment_method,
          payment_status: 'Pending',
          transaction_reference: input.transaction_reference ?? null,
          notes: input.notes ?? null,
          transaction_date: clock.now(),
          recorded_by: context.actor.userId,
        });
        // Issue 18: "we received your payment".
        await queueMessage(deps, tx, bookingId, 'payment_received', {
          createdBy: context.actor.userId,
        });
        return recorded;
      });
      await sendDueMessages(deps, bookingId);
      return { data: await getDetail(payment.payment_id), upload };
    },

    /** A new signed upload for a pending payment whose proof did not arrive (a retry). */
    async proofUpload(paymentId: string, file: ProofFile): Promise<{ upload: Upload }> {
      const payment = await findPayment(database.db, paymentId);
      if (!payment) throw notFound(PAYMENT_MESSAGES.notFound);
      if (payment.payment_proof) throw conflict(PAYMENT_MESSAGES.proofAlreadyAttached);
      if (payment.payment_status !== 'Pending') throw conflict(PAYMENT_MESSAGES.proofNotPending);
      return { upload: signedUpload(payment.booking_id, file) };
    },

    /**
     * Links an uploaded proof to its payment. SPEC §4 / DESIGN §3: a proof staff record
     * themselves is Completed at once — when the one recording it may verify payments
     * (managers and above, DESIGN §5); a member of staff's proof waits for a manager's Verify.
     */
    async attachProof(
      paymentId: string,
      rawPath: string,
      context: ActorContext,
    ): Promise<PaymentDetailDto> {
      const current = await findPayment(database.db, paymentId);
      if (!current) throw notFound(PAYMENT_MESSAGES.notFound);
      const location = proofLocation(rawPath);
      if (!location || !location.path.toLowerCase().startsWith(`${current.booking_id}/`)) {
        throw badRequest(PAYMENT_MESSAGES.proofWrongBooking, [
          { path: 'path', message: PAYMENT_MESSAGES.proofWrongBooking },
        ]);
      }
      if (!(await storage.driver.exists(location.bucket, location.path))) {
        throw badRequest(PAYMENT_MESSAGES.proofNotUploaded, [
          { path: 'path', message: PAYMENT_MESSAGES.proofNotUploaded },
        ]);
      }
      const stored = `${location.bucket}/${location.path}`;
      const verifies = hasRoleAtLeast(context.actor.role, 'manager');
      await context.transaction(async (tx) => {
        const payment = await lockPaymentOrNotFound(tx, paymentId);
        if (payment.payment_proof === stored) return; // already attached: idempotent
        if (payment.payment_proof) throw conflict(PAYMENT_MESSAGES.proofAlreadyAttached);
        if (payment.payment_status !== 'Pending') throw conflict(PAYMENT_MESSAGES.proofNotPending);
        const now = clock.now();
        await changePayment(tx, paymentId, {
          payment_proof: stored,
          ...(verifies
            ? { payment_status: 'Completed', verified_at: now, verified_by: context.actor.userId }
            : {}),
        });
        const booking = await lockBookingOf(tx, payment.booking_id);
        // The proof has arrived: the expiry job must leave the booking alone (DESIGN §3).
        await settleBooking(tx, await markProofArrived(tx, booking, payment.payment_method));
      });
      return getDetail(paymentId);
    },

    /** The private proof's bytes and real type (never a public URL: DESIGN §3). */
    async readProof(paymentId: string): Promise<{ bytes: Buffer; mime: string; fileName: string }> {
      const payment = await findPayment(database.db, paymentId);
      if (!payment) throw notFound(PAYMENT_MESSAGES.notFound);
      const location = proofLocation(payment.payment_proof);
      if (!location) throw notFound(PAYMENT_MESSAGES.proofMissing);
      const bytes = await storage.driver.getBuffer(location.bucket, location.path);
      if (!bytes) throw notFound(PAYMENT_MESSAGES.proofFileMissing);
      const sniffed = await fileTypeFromBuffer(bytes).catch(() => undefined);
      const mime =
        sniffed && (PROOF_MIME_TYPES as readonly string[]).includes(sniffed.mime)
          ? sniffed.mime
          : 'application/octet-stream';
      return { bytes, mime, fileName: proofFileName(payment.payment_proof) ?? 'payment-proof' };
    },

    /**
     * Managers and above (DESIGN §5); a verified (or refunded) payment only by an administrator,
     * with SPEC §6's hint. The booking's payment status and the guest's totals follow.
     */
    async update(
      paymentId: string,
      patch: PaymentPatch,
      context: ActorContext,
    ): Promise<PaymentDetailDto> {
      if (Object.values(patch).every((value) => value === undefined)) {
        throw badRequest(PAYMENT_MESSAGES.nothingToUpdate);
      }
      await context.transaction(async (tx) => {
        const payment = await lockPaymentOrNotFound(tx, paymentId);
        const settled =
          payment.payment_status === 'Completed' || payment.payment_status === 'Refunded';
        if (settled && context.actor.role !== 'admin') {
          throw forbidden(PAYMENT_MESSAGES.verifiedAdminOnly);
        }
        if (patch.payment_status !== undefined && settled) {
          throw conflict(PAYMENT_MESSAGES.statusNotEditable);
        }
        await changePayment(tx, paymentId, {
          ...(patch.payment_amount !== undefined ? { payment_amount: patch.payment_amount } : {}),
          ...(patch.payment_method !== undefined ? { payment_method: patch.payment_method } : {}),
          ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
          ...(patch.transaction_reference !== undefined
            ? { transaction_reference: patch.transaction_reference }
            : {}),
          ...(patch.transaction_date !== undefined
            ? { transaction_date: transactionInstant(patch.transaction_date) }
            : {}),
          ...(patch.payment_status !== undefined ? { payment_status: patch.payment_status } : {}),
        });
        await settleBooking(tx, await lockBookingOf(tx, payment.booking_id));
      });
      return getDetail(paymentId);
    },

    /**
     * DESIGN §3 verification in one transaction: the payment becomes Completed, the booking's
     * payment status (Partial or Paid) and the guest's totals follow, and with confirm_booking a
     * Pending booking becomes Confirmed (SPEC §4's legal move). The written confirmation (SPEC §1)
     * is e-mailed after the commit.
     */
    async verify(
      paymentId: string,
      input: { confirm_booking?: boolean | undefined },
      context: ActorContext,
    ): Promise<{ data: PaymentDetailDto; confirmation_email_sent?: boolean }> {
      let confirmedBookingId: string | null = null;
      const bookingId = await context.transaction(async (tx) => {
        const payment = await lockPaymentOrNotFound(tx, paymentId);
        if (payment.payment_status !== 'Pending') {
          throw conflict(PAYMENT_MESSAGES.notPending(payment.payment_status));
        }
        const now = clock.now();
        await changePayment(tx, paymentId, {
          payment_status: 'Completed',
          verified_at: now,
          verified_by: context.actor.userId,
        });
        let booking = await lockBookingOf(tx, payment.booking_id);
        if (input.confirm_booking) {
          const from = booking.booking_status as BookingStatus;
          if (from === 'Pending') {
            booking = await confirmBooking(tx, booking.booking_id, now);
            confirmedBookingId = booking.booking_id;
          } else if (from === 'Cancelled') {
            throw conflict(transitionError(from, 'Confirmed'));
          }
          // Already Confirmed, checked in or out: there is nothing left to confirm.
        }
        await settleBooking(tx, booking);
        // Issue 18: the confirmation says the payment is verified; otherwise its own message.
        await queueMessage(
          deps,
          tx,
          booking.booking_id,
          confirmedBookingId ? 'booking_confirmed' : 'payment_verified',
          { createdBy: context.actor.userId },
        );
        return booking.booking_id;
      });
      const ended = await sendDueMessages(deps, bookingId);
      if (confirmedBookingId) {
        return {
          data: await getDetail(paymentId),
          confirmation_email_sent: wasSent(ended, 'booking_confirmed'),
        };
      }
      return { data: await getDetail(paymentId) };
    },

    /**
     * DESIGN §4: a refund is a Refunded payment row, at most what this payment brought in and what
     * the booking still holds (verified less refunded). Answers the refund's own record.
     */
    async refund(
      paymentId: string,
      input: { amount?: number | undefined; reason?: string | undefined },
      context: ActorContext,
    ): Promise<PaymentDetailDto> {
      const refundId = await context.transaction(async (tx) => {
        const payment = await lockPaymentOrNotFound(tx, paymentId);
        if (payment.payment_status !== 'Completed') throw conflict(PAYMENT_MESSAGES.notVerified);
        const booking = await lockBookingOf(tx, payment.booking_id);
        const held = await amountPaid(tx, booking.booking_id);
        const refundable = Math.min(payment.payment_amount, held);
        if (refundable <= 0) throw conflict(PAYMENT_MESSAGES.nothingToRefund);
        const amount = input.amount ?? refundable;
        if (amount > refundable) {
          const message = PAYMENT_MESSAGES.refundTooLarge(refundable);
          throw badRequest(message, [{ path: 'amount', message }]);
        }
        const row = await recordRefund(tx, {
          booking_id: booking.booking_id,
          amount,
          payment_method: payment.payment_method,
          notes:
            input.reason ??
            `Refund of the ${formatCurrency(payment.payment_amount)} payment of ${formatDate(
              payment.transaction_date,
              undefined,
              { timeZone: config.timezone },
            )}.`,
          by: context.actor.userId,
          at: clock.now(),
        });
        await settleBooking(tx, booking);
        return row.payment_id;
      });
      return getDetail(refundId);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
