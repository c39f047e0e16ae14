import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { SecurityInfo } from '../../../domain/schemas/auth.schema';

export async function getSecurity(signal?: AbortSignal): Promise<SecurityInfo> {
  const body = await apiGet<Partial<SecurityInfo>>('/api/auth/security', { signal });
  return {
    password_changed_at:
      typeof body.password_changed_at === 'string' ? body.password_changed_at : null,
    two_factor_enabled: body.two_factor_enabled === true,
  };
}

export const securityQueryKey = ['auth', 'security'] as const;

export function securityQueryOptions() {
  return queryOptions({
    queryKey: securityQueryKey,
    queryFn: ({ signal }) => getSecurity(signal),
    staleTime: 30_000,
  });
}

export function useSecurity() {
  return useQuery(securityQueryOptions());
}
