import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FolioDto } from '../../../../domain/schemas/folio.schema';
import { apiPost } from '../../../lib/api';
import { parseFolioAnswer, settleFolioChange } from './folio-mutation';

export interface SeniorPwdRequest {
  eligible_guests: number;
  id_numbers: string[];
}

/**
 * POST /api/bookings/:id/senior-pwd (managers and up; RA 9994, RA 10754, decision 0017): the
 * server reverses the earlier senior/PWD split of the lodging and posts the new one.
 */
export async function setSeniorPwd(bookingId: string, body: SeniorPwdRequest): Promise<FolioDto> {
  const answer = await apiPost<unknown>(
    `/api/bookings/${encodeURIComponent(bookingId)}/senior-pwd`,
    body,
  );
  return parseFolioAnswer(answer);
}

export function useSetSeniorPwd(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SeniorPwdRequest) => setSeniorPwd(bookingId, body),
    meta: { suppressErrorToast: true },
    onSettled: (folio) => settleFolioChange(queryClient, bookingId, folio),
  });
}
