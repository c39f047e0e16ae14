import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '../../../domain/constants';
import { isRole } from '../../../domain/constants';
import { apiGet } from '../../lib/api';

/** A sign-in account as the administrators' Users tab sees it (GET /api/users). */
export interface StaffUser {
  id: string;
  email: string;
  name: string;
  role: Role | null;
  is_active: boolean;
  two_factor_enabled: boolean;
  created_at: string | null;
  last_sign_in_at: string | null;
}

function normaliseUser(raw: Record<string, unknown>): StaffUser {
  return {
    id: String(raw.id),
    email: String(raw.email ?? ''),
    name: String(raw.name ?? ''),
    role: isRole(raw.role) ? raw.role : null,
    is_active: raw.is_active !== false,
    two_factor_enabled: raw.two_factor_enabled === true,
    created_at: typeof raw.created_at === 'string' ? raw.created_at : null,
    last_sign_in_at: typeof raw.last_sign_in_at === 'string' ? raw.last_sign_in_at : null,
  };
}

export async function getUsers(signal?: AbortSignal): Promise<StaffUser[]> {
  // A resort has a handful of staff: one page of 100 is all of them.
  const body = await apiGet<{ data?: Record<string, unknown>[] } | Record<string, unknown>[]>(
    '/api/users',
    { signal, query: { page_size: 100 } },
  );
  const list = Array.isArray(body) ? body : (body.data ?? []);
  return list.map(normaliseUser).sort((a, b) => a.name.localeCompare(b.name));
}

export const usersQueryKey = ['users'] as const;

export function usersQueryOptions() {
  return queryOptions({
    queryKey: usersQueryKey,
    queryFn: ({ signal }) => getUsers(signal),
    staleTime: 30_000,
  });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
