import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffBooking } from '../../../domain/schemas/staff-booking.schema';
import { apiPost } from '../../lib/api';
import type { BookingDetailDto as BookingDetail } from '../../../domain/schemas/booking.schema';
import { invalidateBookingData } from './invalidate-bookings';

/**
 * Issue 21: a staff booking may carry a promo code, and a manager's reason for booking past a
 * stay rule.
 */
export type StaffBookingRequest = StaffBooking & { promo_code?: string; override_reason?: string };

/** POST /api/bookings: SPEC §5 staff booking form (the server prices it). */
export async function createBooking(body: StaffBookingRequest): Promise<BookingDetail> {
  return (await apiPost<{ data: BookingDetail }>('/api/bookings', body)).data;
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // The dialog puts the server's messages on its fields.
    meta: { suppressErrorToast: true },
    onSuccess: () => invalidateBookingData(queryClient),
  });
}
