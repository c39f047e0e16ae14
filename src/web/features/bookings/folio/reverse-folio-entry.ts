import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FolioDto } from '../../../../domain/schemas/folio.schema';
import { apiPost } from '../../../lib/api';
import { parseFolioAnswer, settleFolioChange } from './folio-mutation';

export interface ReverseEntryInput {
  bookingId: string;
  entryId: string;
  reason: string;
}

/**
 * POST /api/bookings/:id/folio/:entryId/reverse (managers and up): an entry is never edited or
 * deleted; a reversing entry with the reason cancels it.
 */
export async function reverseFolioEntry({
  bookingId,
  entryId,
  reason,
}: ReverseEntryInput): Promise<FolioDto> {
  const answer = await apiPost<unknown>(
    `/api/bookings/${encodeURIComponent(bookingId)}/folio/${encodeURIComponent(entryId)}/reverse`,
    { reason },
  );
  return parseFolioAnswer(answer);
}

export function useReverseFolioEntry(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { entryId: string; reason: string }) =>
      reverseFolioEntry({ ...input, bookingId }),
    meta: { suppressErrorToast: true },
    onSettled: (folio) => settleFolioChange(queryClient, bookingId, folio),
  });
}
