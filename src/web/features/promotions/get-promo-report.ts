import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoCodeReport } from '../../../domain/schemas/promo-code.schema';
import { apiGet } from '../../lib/api';
import { promoCodesQueryKey } from './get-promo-codes';

export interface PromoReportRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** GET /api/promo-codes/report?from&to (managers and up; issue 21): each code's uses and cost. */
export function getPromoReport(
  range: PromoReportRange,
  signal?: AbortSignal,
): Promise<PromoCodeReport> {
  return apiGet<PromoCodeReport>('/api/promo-codes/report', { query: { ...range }, signal });
}

export function promoReportQueryOptions(range: PromoReportRange) {
  return queryOptions({
    queryKey: [...promoCodesQueryKey, 'report', range] as const,
    queryFn: ({ signal }) => getPromoReport(range, signal),
  });
}

export function usePromoReport(range: PromoReportRange, enabled: boolean) {
  return useQuery({ ...promoReportQueryOptions(range), enabled });
}
