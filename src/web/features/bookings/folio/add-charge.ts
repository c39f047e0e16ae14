import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FolioDto, PostCharge } from '../../../../domain/schemas/folio.schema';
import { apiPost } from '../../../lib/api';
import { parseFolioAnswer, settleFolioChange } from './folio-mutation';

export interface AddChargeInput extends PostCharge {
  bookingId: string;
}

/** POST /api/bookings/:id/charges (staff and up): an extra from the catalogue, priced by the server. */
export async function addCharge({ bookingId, ...body }: AddChargeInput): Promise<FolioDto> {
  const answer = await apiPost<unknown>(
    `/api/bookings/${encodeURIComponent(bookingId)}/charges`,
    body,
  );
  return parseFolioAnswer(answer);
}

export function useAddCharge(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostCharge) => addCharge({ ...input, bookingId }),
    // The dialog shows the server's message at the field or in itself.
    meta: { suppressErrorToast: true },
    onSettled: (folio) => settleFolioChange(queryClient, bookingId, folio),
  });
}
