import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api';
import { stayRulesQueryKey } from './get-stay-rules';

/** DELETE /api/stay-rules/:id (owners and up; issue 21): the rule no longer limits stays. */
export async function deleteStayRule(stayRuleId: string): Promise<void> {
  await apiDelete(`/api/stay-rules/${encodeURIComponent(stayRuleId)}`);
}

export function useDeleteStayRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStayRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stayRulesQueryKey }),
  });
}
