import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingUpdate } from '../../../domain/schemas/staff-booking.schema';
import { apiPatch } from '../../lib/api';
import type { BookingDetailDto as BookingDetail } from '../../../domain/schemas/booking.schema';
import { invalidateBookingData } from './invalidate-bookings';
import { isQueued, sendOrQueue } from './offline-booking-changes';
import { applyOptimisticBooking, rollBackBooking } from './optimistic-booking';

/** PATCH /api/bookings/:id (managers and above; a new stay is re-priced by the server). */
export async function updateBooking(input: {
  bookingId: string;
  changes: BookingUpdate;
}): Promise<BookingDetail> {
  const body = await apiPatch<{ data: BookingDetail }>(
    `/api/bookings/${encodeURIComponent(input.bookingId)}`,
    input.changes,
  );
  return body.data;
}

/**
 * SPEC §4: the edited fields show at once and are rolled back if the server refuses them (the
 * server's new price replaces the old one when it answers); offline, the edit is queued.
 */
export function useUpdateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { bookingId: string; changes: BookingUpdate }) =>
      sendOrQueue({ operation: 'booking.update', data: input }, () => updateBooking(input)),
    // Runs offline too: sendOrQueue queues it (Query would only pause it, in memory).
    networkMode: 'always',
    meta: { suppressErrorToast: true },
    onMutate: (input) =>
      applyOptimisticBooking(queryClient, input.bookingId, optimisticFields(input.changes)),
    onError: (_error, _input, snapshot) => rollBackBooking(queryClient, snapshot),
    onSuccess: (result) => (isQueued(result) ? undefined : invalidateBookingData(queryClient)),
  });
}

/** The edited fields a booking shows as they are (a new stay or cabin waits for the price). */
function optimisticFields(changes: BookingUpdate): Partial<BookingDetail> {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined && key !== 'unit_id') patch[key] = value;
  }
  return patch as Partial<BookingDetail>;
}
