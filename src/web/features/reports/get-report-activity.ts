import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportActivityDto } from '../../../domain/schemas/report.schema';
import { apiGet } from '../../lib/api';
import { reportsQueryKey, type ReportQuery } from './get-report-summary';

/** GET /api/reports/activity?from&to: bookings, promo codes, expenses and the monthly P&L. */
export async function getReportActivity(
  query: ReportQuery,
  signal?: AbortSignal,
): Promise<ReportActivityDto> {
  const body = await apiGet<{ data: ReportActivityDto }>('/api/reports/activity', {
    query: { ...query },
    signal,
  });
  return body.data;
}

export function useReportActivity(query: ReportQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...reportsQueryKey, 'activity', query] as const,
      queryFn: ({ signal }) => getReportActivity(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
