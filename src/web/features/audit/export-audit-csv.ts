import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE, buildUrl } from '../../lib/api';
import { toAuditFilterQuery, type AuditLogsSearch } from './audit-logs-search';
import { auditQueryKey } from './get-audit-logs';

export type AuditCsvFile = { filename: string; rows: number; truncated: boolean; blob: Blob };

function filenameOf(disposition: string | null): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? 'audit-logs.csv';
}

/** GET /api/audit-logs/export.csv: up to 10,000 rows of the filtered view (SPEC §9). */
export async function fetchAuditCsv(search: AuditLogsSearch): Promise<AuditCsvFile> {
  let response: Response;
  try {
    response = await fetch(buildUrl('/api/audit-logs/export.csv', toAuditFilterQuery(search)), {
      credentials: 'same-origin',
      headers: { Accept: 'text/csv' },
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    let message = `Export failed (${response.status}).`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      // Not JSON: keep the generic message.
    }
    throw new ApiError(response.status, message);
  }
  const blob = await response.blob();
  return {
    filename: filenameOf(response.headers.get('content-disposition')),
    rows: Number(response.headers.get('x-total-count') ?? 0),
    truncated: response.headers.get('x-export-truncated') === 'true',
    blob,
  };
}

/** Hands the file to the browser as a download. */
export function saveFile(file: { filename: string; blob: Blob }): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportAuditCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchAuditCsv,
    onSuccess: (file) => {
      saveFile(file);
      // The export is itself an audit event.
      void queryClient.invalidateQueries({ queryKey: auditQueryKey });
    },
  });
}
