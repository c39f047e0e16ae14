import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { invalidateBookingData } from '../bookings/invalidate-bookings';
import type { PaymentDetailDto as PaymentDetail } from '../../../domain/schemas/payment-detail.schema';

/** POST /api/payments/:id/refund: DESIGN §4 records a Refunded payment. */
export async function refundPayment(input: {
  paymentId: string;
  amount?: number;
  reason?: string;
}): Promise<PaymentDetail> {
  const body = await apiPost<{ data: PaymentDetail }>(
    `/api/payments/${encodeURIComponent(input.paymentId)}/refund`,
    {
      ...(input.amount !== undefined ? { amount: input.amount } : {}),
      ...(input.reason ? { reason: input.reason } : {}),
    },
  );
  return body.data;
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    meta: { suppressErrorToast: true },
    onSettled: () => invalidateBookingData(queryClient),
  });
}
