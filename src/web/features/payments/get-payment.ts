import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { PaymentDetailDto as PaymentDetail } from '../../../domain/schemas/payment-detail.schema';
import { paymentsQueryKey } from './get-payments';

/** GET /api/payments/:id: the payment with its booking and guest (SPEC §7). */
export async function getPayment(paymentId: string, signal?: AbortSignal): Promise<PaymentDetail> {
  const body = await apiGet<{ data: PaymentDetail }>(
    `/api/payments/${encodeURIComponent(paymentId)}`,
    { signal },
  );
  return body.data;
}

export function paymentQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: [...paymentsQueryKey, 'detail', paymentId] as const,
    queryFn: ({ signal }) => getPayment(paymentId, signal),
    // SPEC §9: detail caches 30 seconds.
    staleTime: 30 * 1000,
  });
}

export function usePayment(paymentId: string) {
  return useQuery(paymentQueryOptions(paymentId));
}
