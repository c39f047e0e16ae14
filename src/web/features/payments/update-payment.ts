import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../lib/api';
import { invalidateBookingData } from '../bookings/invalidate-bookings';
import type { PaymentDetailDto as PaymentDetail } from '../../../domain/schemas/payment-detail.schema';

export interface PaymentChanges {
  payment_amount?: number;
  payment_method?: string;
  notes?: string | null;
  transaction_reference?: string | null;
  transaction_date?: string;
  payment_status?: 'Pending' | 'Failed';
}

/** PATCH /api/payments/:id (managers; verified payments administrators only). */
export async function updatePayment(input: {
  paymentId: string;
  changes: PaymentChanges;
}): Promise<PaymentDetail> {
  const body = await apiPatch<{ data: PaymentDetail }>(
    `/api/payments/${encodeURIComponent(input.paymentId)}`,
    input.changes,
  );
  return body.data;
}

export function useUpdatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayment,
    meta: { suppressErrorToast: true },
    onSuccess: () => invalidateBookingData(queryClient),
  });
}
