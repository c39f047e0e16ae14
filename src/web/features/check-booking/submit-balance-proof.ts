import { useRef } from 'react';
import type { CheckBooking } from '../../../domain/schemas/check-booking.schema';
import type {
  BalanceProofCreated,
  BalanceProofRequest,
  BookingLookup,
} from '../../../domain/schemas/guest-booking.schema';
import { proofUploadFailed, uploadToSignedUrl } from '../../lib/signed-upload';
import { confirmGuestBooking } from '../guest-booking/guest-booking-api';
import type { BalanceProofFields } from './check-booking-validation';
import { getBookingStatus } from './get-booking-status';
import { requestBalanceProof } from './request-balance-proof';

/** The balance proof's progress, with what the guest reads at each step (as SPEC §4's form). */
export const BALANCE_PROOF_STEPS = {
  preparing: { value: 20, label: 'Preparing your payment proof…' },
  requesting: { value: 30, label: 'Checking your booking…' },
  uploading: { value: 40, label: 'Uploading your payment proof…' },
  confirming: { value: 90, label: 'Recording your payment…' },
} as const;

export type BalanceProofStep = keyof typeof BALANCE_PROOF_STEPS;

/** The proof did not reach storage; `cause` is the storage's answer (413, 415, ...). */
export class BalanceProofNotUploaded extends Error {
  constructor(cause: unknown) {
    super(proofUploadFailed(cause instanceof Error ? cause.message : 'Unknown error'), { cause });
    this.name = 'BalanceProofNotUploaded';
  }
}

export interface BalanceProofSubmission {
  /** The lookup's reference and e-mail, as the status request sent them. */
  lookup: CheckBooking;
  /** The prepared proof (HEIC converted, large photos made smaller). */
  file: File;
  fields: BalanceProofFields;
  onStep: (step: BalanceProofStep) => void;
}

export interface BalanceProofSent {
  /** The balance the proof was sent for, as the server counted it. */
  balance: number;
  /** The booking looked up again afterwards; null when that lookup failed. */
  refreshed: BookingLookup | null;
}

/**
 * Issue 17 point 3: ask for a signed upload (POST /api/guest-booking/payment), PUT the proof
 * there, then record it (POST /api/guest-booking/confirm, as the first proof) and look the booking
 * up again. A proof uploaded whose record failed is recorded again on the next try with the same
 * file, never uploaded twice: the confirm is idempotent per file, so a record that did go through
 * before its answer was lost does not become a second payment.
 */
export function useSubmitBalanceProof() {
  const uploaded = useRef<{ file: File; created: BalanceProofCreated } | null>(null);
  return {
    submit: async ({
      lookup,
      file,
      fields,
      onStep,
    }: BalanceProofSubmission): Promise<BalanceProofSent> => {
      let created = uploaded.current?.file === file ? uploaded.current.created : null;
      if (!created) {
        onStep('requesting');
        created = await requestBalanceProof({
          ...lookup,
          file_name: file.name,
          file_type: file.type as BalanceProofRequest['file_type'],
          file_size: file.size,
        });
        onStep('uploading');
        try {
          await uploadToSignedUrl(created.upload, file);
        } catch (cause) {
          throw new BalanceProofNotUploaded(cause);
        }
        uploaded.current = { file, created };
      }

      onStep('confirming');
      await confirmGuestBooking({
        booking_id: created.booking.booking_id,
        file_path: created.upload.path,
        file_size: file.size,
        payment_method: fields.payment_method,
        payment_reference: fields.payment_reference ?? null,
      });
      uploaded.current = null;
      const refreshed = await getBookingStatus(lookup).catch(() => null);
      return { balance: created.booking.balance, refreshed };
    },
  };
}
