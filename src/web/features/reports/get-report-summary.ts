import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportSummaryDto } from '../../../domain/schemas/report.schema';
import { apiGet, buildUrl } from '../../lib/api';

export const reportsQueryKey = ['reports'] as const;

export interface ReportQuery {
  from: string;
  /** Exclusive. */
  to: string;
}

/** GET /api/reports/summary?from&to (managers and up). */
export async function getReportSummary(
  query: ReportQuery,
  signal?: AbortSignal,
): Promise<ReportSummaryDto> {
  const body = await apiGet<{ data: ReportSummaryDto }>('/api/reports/summary', {
    query: { ...query },
    signal,
  });
  return body.data;
}

export function reportSummaryQueryOptions(query: ReportQuery) {
  return queryOptions({
    queryKey: [...reportsQueryKey, 'summary', query] as const,
    queryFn: ({ signal }) => getReportSummary(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReportSummary(query: ReportQuery) {
  return useQuery(reportSummaryQueryOptions(query));
}

/** GET /api/reports/export: one table of the page as a CSV file (a download link). */
export function reportExportUrl(query: ReportQuery, table: string): string {
  return buildUrl('/api/reports/export', { ...query, table });
}
