import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StayRuleDto } from '../../../domain/schemas/stay-rule.schema';
import { apiGet } from '../../lib/api';

/** GET /api/stay-rules (issue 21): every stay rule, newest first; every staff role reads them. */
export async function getStayRules(signal?: AbortSignal): Promise<StayRuleDto[]> {
  return (await apiGet<{ data: StayRuleDto[] }>('/api/stay-rules', { signal })).data;
}

export const stayRulesQueryKey = ['stay-rules'] as const;

export function stayRulesQueryOptions() {
  return queryOptions({
    queryKey: stayRulesQueryKey,
    queryFn: ({ signal }) => getStayRules(signal),
  });
}

export function useStayRules() {
  return useQuery(stayRulesQueryOptions());
}
