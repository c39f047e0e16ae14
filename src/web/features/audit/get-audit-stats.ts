import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { AuditStats } from '../../../domain/schemas/audit-log.schema';
import { AUDIT_QUERY_DEFAULTS, auditQueryKey } from './get-audit-logs';

/** GET /api/audit-logs/stats: totals, by table and action, the week's most active users. */
export function getAuditStats(signal?: AbortSignal) {
  return apiGet<AuditStats>('/api/audit-logs/stats', { signal });
}

export function auditStatsQueryOptions() {
  return queryOptions({
    queryKey: [...auditQueryKey, 'stats'] as const,
    queryFn: ({ signal }) => getAuditStats(signal),
    ...AUDIT_QUERY_DEFAULTS,
  });
}

export function useAuditStats() {
  return useQuery(auditStatsQueryOptions());
}
