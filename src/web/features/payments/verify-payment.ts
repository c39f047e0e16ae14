import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { invalidateBookingData } from '../bookings/invalidate-bookings';
import type { PaymentVerified } from '../../../domain/schemas/payment-detail.schema';

/** POST /api/payments/:id/verify (managers and above; DESIGN §3). */
export function verifyPayment(input: { paymentId: string; confirmBooking: boolean }) {
  return apiPost<PaymentVerified>(`/api/payments/${encodeURIComponent(input.paymentId)}/verify`, {
    confirm_booking: input.confirmBooking,
  });
}

export function useVerifyPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPayment,
    onSettled: () => invalidateBookingData(queryClient),
  });
}
