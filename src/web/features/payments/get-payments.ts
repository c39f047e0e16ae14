import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { ListPage } from '../../../domain/schemas/common.schema';
import type { PaymentListItemDto as PaymentListItem } from '../../../domain/schemas/payment.schema';
import { toPaymentListQuery } from './payments-search';
import type { PaymentsSearch } from './payments-search';

export const paymentsQueryKey = ['payments'] as const;

/** GET /api/payments (SPEC §7: all payments, with filters; 10 a page). */
export function getPayments(search: PaymentsSearch, signal?: AbortSignal) {
  return apiGet<ListPage<PaymentListItem>>('/api/payments', {
    query: toPaymentListQuery(search),
    signal,
  });
}

export function paymentsQueryOptions(search: PaymentsSearch) {
  return queryOptions({
    queryKey: [...paymentsQueryKey, 'list', toPaymentListQuery(search)] as const,
    queryFn: ({ signal }) => getPayments(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePayments(search: PaymentsSearch) {
  return useQuery(paymentsQueryOptions(search));
}
