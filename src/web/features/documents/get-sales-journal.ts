import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentKind } from '../../../domain/documents';
import type { SalesJournalDto } from '../../../domain/schemas/document.schema';
import { apiGet, buildUrl } from '../../lib/api';
import { documentsQueryKey } from './get-booking-documents';

export interface SalesJournalQuery {
  from: string;
  to: string;
  kind?: DocumentKind;
}

/** GET /api/documents?from&to&kind (managers and up): the sales journal with its gap check. */
export async function getSalesJournal(
  query: SalesJournalQuery,
  signal?: AbortSignal,
): Promise<SalesJournalDto> {
  const body = await apiGet<{ data: SalesJournalDto }>('/api/documents', {
    query: { ...query },
    signal,
  });
  return body.data;
}

export function salesJournalQueryOptions(query: SalesJournalQuery) {
  return queryOptions({
    queryKey: [...documentsQueryKey, 'journal', query] as const,
    queryFn: ({ signal }) => getSalesJournal(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSalesJournal(query: SalesJournalQuery) {
  return useQuery(salesJournalQueryOptions(query));
}

/** GET /api/documents/export: the same journal as a CSV or PDF file (a download link). */
export function salesJournalExportUrl(query: SalesJournalQuery, format: 'csv' | 'pdf'): string {
  return buildUrl('/api/documents/export', { ...query, format });
}
