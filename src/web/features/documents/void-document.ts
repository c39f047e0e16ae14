import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { documentsQueryKey } from './get-booking-documents';

/** POST /api/documents/:id/void (managers and up): it keeps its number, marked VOID. */
export async function voidDocument(documentId: string, reason: string): Promise<unknown> {
  return apiPost<unknown>(`/api/documents/${encodeURIComponent(documentId)}/void`, { reason });
}

export function useVoidDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, reason }: { documentId: string; reason: string }) =>
      voidDocument(documentId, reason),
    meta: { suppressErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });
}
