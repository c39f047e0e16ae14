import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentDto } from '../../../domain/schemas/document.schema';
import { apiGet } from '../../lib/api';

/** Every document query starts with this key, so one invalidation refreshes them all. */
export const documentsQueryKey = ['documents'] as const;

export const bookingDocumentsKey = (bookingId: string) =>
  [...documentsQueryKey, 'booking', bookingId] as const;

/** GET /api/bookings/:id/documents (staff and up): the booking's receipts and invoices. */
export async function getBookingDocuments(
  bookingId: string,
  signal?: AbortSignal,
): Promise<DocumentDto[]> {
  const body = await apiGet<{ data: DocumentDto[] }>(
    `/api/bookings/${encodeURIComponent(bookingId)}/documents`,
    { signal },
  );
  return body.data;
}

export function bookingDocumentsQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: bookingDocumentsKey(bookingId),
    queryFn: ({ signal }) => getBookingDocuments(bookingId, signal),
    staleTime: 30 * 1000,
  });
}

export function useBookingDocuments(bookingId: string) {
  return useQuery(bookingDocumentsQueryOptions(bookingId));
}

/** GET /api/documents/:id/pdf: the document's PDF, on A4 paper or an 80 mm roll. */
export function documentPdfUrl(documentId: string, layout: 'a4' | 'roll'): string {
  return `/api/documents/${encodeURIComponent(documentId)}/pdf?layout=${layout}`;
}
