import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoCodeDto } from '../../../domain/schemas/promo-code.schema';
import { apiGet } from '../../lib/api';

export interface PromoCodeFilters {
  search?: string | undefined;
  status?: 'all' | 'active' | 'paused';
  page: number;
  page_size?: number;
}

export interface PromoCodePage {
  data: PromoCodeDto[];
  total: number;
  page: number;
  page_size: number;
}

/** The key of every promo-code query: the list and the report (issue 21). */
export const promoCodesQueryKey = ['promo-codes'] as const;

/** GET /api/promo-codes?search&status&page&page_size (managers and up; issue 21). */
export function getPromoCodes(
  filters: PromoCodeFilters,
  signal?: AbortSignal,
): Promise<PromoCodePage> {
  return apiGet<PromoCodePage>('/api/promo-codes', { query: { ...filters }, signal });
}

export function promoCodesQueryOptions(filters: PromoCodeFilters) {
  return queryOptions({
    queryKey: [...promoCodesQueryKey, 'list', filters] as const,
    queryFn: ({ signal }) => getPromoCodes(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePromoCodes(filters: PromoCodeFilters) {
  return useQuery(promoCodesQueryOptions(filters));
}
