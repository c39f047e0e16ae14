import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentSummaryDto, IssueDocument } from '../../../domain/schemas/document.schema';
import { apiPost } from '../../lib/api';
import { documentsQueryKey } from './get-booking-documents';

/** POST /api/bookings/:id/documents (staff and up): the number is taken when it is issued. */
export async function issueDocument(
  bookingId: string,
  body: IssueDocument,
): Promise<DocumentSummaryDto> {
  const answer = await apiPost<{ data: DocumentSummaryDto }>(
    `/api/bookings/${encodeURIComponent(bookingId)}/documents`,
    body,
  );
  return answer.data;
}

export function useIssueDocument(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueDocument) => issueDocument(bookingId, body),
    // The dialog shows the server's messages under its fields.
    meta: { suppressErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });
}
