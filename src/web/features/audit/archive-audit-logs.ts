import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArchiveResult } from '../../../domain/schemas/audit-log.schema';
import { apiPost } from '../../lib/api';
import { auditQueryKey } from './get-audit-logs';

/** POST /api/audit-logs/archive (SPEC §7 archive_audit_logs; owners and administrators). */
export function archiveAuditLogs(cutoff: string) {
  return apiPost<ArchiveResult>('/api/audit-logs/archive', { cutoff });
}

export function useArchiveAuditLogs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveAuditLogs,
    // The dialog shows the failure itself.
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditQueryKey }),
  });
}
