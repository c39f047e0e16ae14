import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportBalancesDto } from '../../../domain/schemas/report.schema';
import { apiGet } from '../../lib/api';
import { reportsQueryKey } from './get-report-summary';

/** GET /api/reports/balances: what guests owe today, aged by due date. */
export async function getReportBalances(signal?: AbortSignal): Promise<ReportBalancesDto> {
  const body = await apiGet<{ data: ReportBalancesDto }>('/api/reports/balances', { signal });
  return body.data;
}

export function useReportBalances() {
  return useQuery(
    queryOptions({
      queryKey: [...reportsQueryKey, 'balances'] as const,
      queryFn: ({ signal }) => getReportBalances(signal),
    }),
  );
}
