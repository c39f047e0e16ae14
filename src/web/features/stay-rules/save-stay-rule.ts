import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  StayRuleCreate,
  StayRuleDto,
  StayRuleUpdate,
} from '../../../domain/schemas/stay-rule.schema';
import { apiPatch, apiPost } from '../../lib/api';
import { stayRulesQueryKey } from './get-stay-rules';

/** POST /api/stay-rules or, with an id, PATCH /api/stay-rules/:id (owners and up; issue 21). */
export async function saveStayRule(input: {
  stayRuleId?: string | undefined;
  body: StayRuleCreate | StayRuleUpdate;
}): Promise<StayRuleDto> {
  const answer = input.stayRuleId
    ? await apiPatch<{ data: StayRuleDto }>(
        `/api/stay-rules/${encodeURIComponent(input.stayRuleId)}`,
        input.body,
      )
    : await apiPost<{ data: StayRuleDto }>('/api/stay-rules', input.body);
  return answer.data;
}

export function useSaveStayRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStayRule,
    // The dialog shows the server's field messages.
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stayRulesQueryKey }),
  });
}
