import { useRef } from 'react';
import type {
  GuestBooking,
  GuestBookingCreated,
} from '../../../domain/schemas/guest-booking.schema';
import { proofUploadFailed, uploadToSignedUrl } from '../../lib/signed-upload';
import type { BookingStep } from './booking-steps';
import {
  CREATE_BOOKING_FALLBACK,
  type GuestBookingRequest,
  confirmGuestBooking,
  createGuestBooking,
} from './guest-booking-api';

/** The booking was not made; `cause` is the server's answer (an ApiError) or the failure. */
export class GuestBookingNotCreated extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error && cause.message ? cause.message : CREATE_BOOKING_FALLBACK, {
      cause,
    });
    this.name = 'GuestBookingNotCreated';
  }
}

/** The booking was made but its proof did not upload: submitting the same stay again retries. */
export class GuestProofNotUploaded extends Error {
  constructor(
    readonly booking: GuestBookingCreated['booking'],
    cause: unknown,
  ) {
    super(proofUploadFailed(cause instanceof Error ? cause.message : 'Unknown error'), { cause });
    this.name = 'GuestProofNotUploaded';
  }
}

export interface GuestBookingSubmission {
  /** The form's parsed values, with the promo code and rate plan (guest-booking-api.ts). */
  values: GuestBookingRequest;
  /** The prepared payment proof. */
  file: File;
  /** SPEC §4's progress: called as each step starts. */
  onStep: (step: BookingStep) => void;
}

/** A booking created whose proof did not upload yet: a retry uploads again, no second booking. */
interface PendingUpload {
  key: string;
  created: GuestBookingCreated;
}

function stayKey(values: Pick<GuestBooking, 'unit_id' | 'check_in' | 'check_out' | 'email'>) {
  return [values.unit_id, values.check_in, values.check_out, values.email].join('|');
}

function uploadExpired(created: GuestBookingCreated): boolean {
  const expires = created.upload.expires_at ? Date.parse(created.upload.expires_at) : NaN;
  return Number.isFinite(expires) && expires - Date.now() < 30_000;
}

/**
 * SPEC §4's guest booking from 30% on, as one mutation: create the booking (or reuse the one made
 * before, when only its upload failed), PUT the proof to its signed location, then record it.
 * `submit` rejects with GuestBookingNotCreated or GuestProofNotUploaded; a failed record is only
 * logged (SPEC §4: the booking stands). It resolves with the created booking. (Not TanStack's
 * useMutation: the guest page stays within its JavaScript budget, and the form owns the state.)
 */
export function useSubmitGuestBooking() {
  const pendingUpload = useRef<PendingUpload | null>(null);
  return {
    submit: async ({ values, file, onStep }: GuestBookingSubmission) => {
      const key = stayKey(values);
      let created = pendingUpload.current?.key === key ? pendingUpload.current.created : null;
      if (created && uploadExpired(created)) created = null;
      if (!created) {
        onStep('creating');
        try {
          created = await createGuestBooking(values);
        } catch (cause) {
          throw new GuestBookingNotCreated(cause);
        }
        // The bot-check solution is now spent; a retry of the upload alone does not need another.
        pendingUpload.current = { key, created };
      }

      onStep('uploading');
      try {
        await uploadToSignedUrl(created.upload, file);
      } catch (cause) {
        throw new GuestProofNotUploaded(created.booking, cause);
      }
      pendingUpload.current = null;

      onStep('confirming');
      try {
        await confirmGuestBooking({
          booking_id: created.booking.booking_id,
          file_path: created.upload.path,
          file_size: file.size,
          payment_method: values.payment_method,
          payment_reference: values.payment_reference ?? null,
        });
      } catch (cause) {
        console.warn('Confirming the payment proof upload failed', cause);
      }
      return created;
    },
  };
}
