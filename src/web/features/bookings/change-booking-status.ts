import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingStatus, IdType } from '../../../domain/constants';
import { apiPost } from '../../lib/api';
import type { BookingStatusChanged } from '../../../domain/schemas/booking.schema';
import { invalidateBookingData } from './invalidate-bookings';
import { isQueued, sendOrQueue } from './offline-booking-changes';
import { applyOptimisticBooking, rollBackBooking } from './optimistic-booking';

export interface StatusChangeInput {
  bookingId: string;
  status: BookingStatus;
  /**
   * A manager's reason for a status correction or for confirming without a verified payment
   * (issue 15; DESIGN §8's field of this endpoint).
   */
  override_reason?: string;
  /** Issue 22, checking in: the guest's ID (required for a booking without an e-mail address). */
  id_type?: IdType;
  id_number?: string;
}

/** POST /api/bookings/:id/status (SPEC §4; the server refuses illegal moves with 409). */
export function changeBookingStatus(input: StatusChangeInput) {
  return apiPost<BookingStatusChanged>(
    `/api/bookings/${encodeURIComponent(input.bookingId)}/status`,
    {
      status: input.status,
      ...(input.override_reason ? { override_reason: input.override_reason } : {}),
      ...(input.id_type && input.id_number
        ? { id_type: input.id_type, id_number: input.id_number }
        : {}),
    },
  );
}

/**
 * SPEC §4: the new status shows at once and is rolled back if the server refuses it; without a
 * connection the change is queued and sent when it is back (offline-booking-changes.ts).
 */
export function useChangeBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatusChangeInput) =>
      // A guest's ID number is never kept in the browser's storage: a check-in that records one
      // is sent now or not at all.
      input.id_number
        ? changeBookingStatus(input)
        : sendOrQueue({ operation: 'booking.status', data: input }, () =>
            changeBookingStatus(input),
          ),
    // Runs offline too: sendOrQueue queues it (Query would only pause it, in memory).
    networkMode: 'always',
    onMutate: (input) =>
      applyOptimisticBooking(queryClient, input.bookingId, { booking_status: input.status }),
    onError: (_error, _input, snapshot) => rollBackBooking(queryClient, snapshot),
    onSettled: (result) => (isQueued(result) ? undefined : invalidateBookingData(queryClient)),
  });
}
