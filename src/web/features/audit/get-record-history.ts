import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type {
  AuditLogDto as AuditLog,
  AuditRecordTable,
} from '../../../domain/schemas/audit-log.schema';
import { auditQueryKey } from './get-audit-logs';

/**
 * GET /api/audit-logs/records/:table/:record_id: a record's last 50 entries, newest first, for
 * managers and above (SPEC §2, §6).
 */
export async function getRecordHistory(
  table: AuditRecordTable,
  recordId: string,
  signal?: AbortSignal,
) {
  const body = await apiGet<{ data: AuditLog[] }>(
    `/api/audit-logs/records/${table}/${encodeURIComponent(recordId)}`,
    { signal },
  );
  return body.data;
}

export function recordHistoryQueryOptions(
  table: AuditRecordTable,
  recordId: string,
  enabled: boolean,
) {
  return queryOptions({
    queryKey: [...auditQueryKey, 'record', table, recordId] as const,
    queryFn: ({ signal }) => getRecordHistory(table, recordId, signal),
    // SPEC §9: a detail page's audit data is fresh for 60 seconds.
    staleTime: 60 * 1000,
    // A detail page opened right after an edit must show that edit.
    refetchOnMount: 'always',
    enabled,
  });
}

export function useRecordHistory(table: AuditRecordTable, recordId: string, enabled: boolean) {
  return useQuery(recordHistoryQueryOptions(table, recordId, enabled));
}
