import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StayRule } from '../../../domain/stay-rules';
import { apiGet } from '../../lib/api';

/**
 * GET /api/public/stay-rules (issue 21 point 1): the minimum and maximum stays, closed arrival
 * and departure days and booking windows, so the guest form and the public calendar say them
 * before the guest submits. Advisory: the server enforces them when the booking is made.
 */
export async function getPublicStayRules(signal?: AbortSignal): Promise<StayRule[]> {
  return (await apiGet<{ data: StayRule[] }>('/api/public/stay-rules', { signal })).data;
}

export const publicStayRulesQueryKey = ['public', 'stay-rules'] as const;

export function publicStayRulesQueryOptions() {
  return queryOptions({
    queryKey: publicStayRulesQueryKey,
    queryFn: ({ signal }) => getPublicStayRules(signal),
    staleTime: 5 * 60 * 1000,
  });
}

const NO_RULES: readonly StayRule[] = [];

/** The rules; none while they load or when they cannot be read (the server still checks). */
export function usePublicStayRules(): readonly StayRule[] {
  return useQuery(publicStayRulesQueryOptions()).data ?? NO_RULES;
}
