import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto, UserListResponse } from '../../../domain/schemas/user.schema';
import { apiGet } from '../../lib/api';

/** A sign-in account as the administrators' Users tab sees it (GET /api/users). */
export type StaffUser = UserDto;

export async function getUsers(signal?: AbortSignal): Promise<StaffUser[]> {
  // A resort has a handful of staff: one page of 100 is all of them.
  const body = await apiGet<UserListResponse>('/api/users', {
    signal,
    query: { page_size: 100 },
  });
  return [...body.data].sort((a, b) => a.name.localeCompare(b.name));
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
