import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PromoCodeCreate,
  PromoCodeDto,
  PromoCodeUpdate,
} from '../../../domain/schemas/promo-code.schema';
import { apiPatch, apiPost } from '../../lib/api';
import { promoCodesQueryKey } from './get-promo-codes';

/**
 * POST /api/promo-codes or, with an id, PATCH /api/promo-codes/:id (managers and up; issue 21).
 * Pause and Resume are a PATCH of `active`.
 */
export async function savePromoCode(input: {
  promoCodeId?: string | undefined;
  body: PromoCodeCreate | PromoCodeUpdate;
}): Promise<PromoCodeDto> {
  const answer = input.promoCodeId
    ? await apiPatch<{ data: PromoCodeDto }>(
        `/api/promo-codes/${encodeURIComponent(input.promoCodeId)}`,
        input.body,
      )
    : await apiPost<{ data: PromoCodeDto }>('/api/promo-codes', input.body);
  return answer.data;
}

export function useSavePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePromoCode,
    // The dialog shows the server's field messages; Pause/Resume their own toast.
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesQueryKey }),
  });
}
