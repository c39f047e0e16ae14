import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import type {
  BookingDetailDto as BookingDetail,
  RefundDto as Refund,
} from '../../../domain/schemas/booking.schema';
import { invalidateBookingData } from './invalidate-bookings';

/** POST /api/bookings/:id/cancel: DESIGN §4's refund is recorded with the cancellation. */
export function cancelBooking(input: { bookingId: string; reason: string; no_show?: boolean }) {
  return apiPost<{ data: BookingDetail; refund: Refund }>(
    `/api/bookings/${encodeURIComponent(input.bookingId)}/cancel`,
    { reason: input.reason, ...(input.no_show ? { no_show: true } : {}) },
  );
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    // The dialog shows the reason's message itself.
    meta: { suppressErrorToast: true },
    onSettled: () => invalidateBookingData(queryClient),
  });
}
