import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { shouldRetryQuery } from '../../lib/query-client';
import { toAuditListQuery, type AuditLogsSearch } from './audit-logs-search';
import type { AuditListResponse as AuditLogList } from '../../../domain/schemas/audit-log.schema';

export const auditQueryKey = ['audit-logs'] as const;

/**
 * SPEC §9: audit data is fresh 5 minutes, kept 30, retried twice (never a refusal, SPEC §8), not
 * refetched on focus.
 */
export const AUDIT_QUERY_DEFAULTS = {
  staleTime: 5 * 60 * 1000,
  gcTime: 30 * 60 * 1000,
  retry: (failureCount: number, error: Error) =>
    failureCount < 2 && shouldRetryQuery(failureCount, error),
  refetchOnWindowFocus: false,
  // Opening the page after changing something elsewhere shows that change.
  refetchOnMount: 'always',
} as const;

/** GET /api/audit-logs: the filtered page with exact counts (SPEC §7). */
export function getAuditLogs(search: AuditLogsSearch, signal?: AbortSignal) {
  return apiGet<AuditLogList>('/api/audit-logs', { query: toAuditListQuery(search), signal });
}

export function auditLogsQueryOptions(search: AuditLogsSearch) {
  return queryOptions({
    queryKey: [...auditQueryKey, 'list', toAuditListQuery(search)] as const,
    queryFn: ({ signal }) => getAuditLogs(search, signal),
    placeholderData: keepPreviousData,
    ...AUDIT_QUERY_DEFAULTS,
  });
}

export function useAuditLogs(search: AuditLogsSearch) {
  return useQuery(auditLogsQueryOptions(search));
}
