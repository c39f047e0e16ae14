import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../domain/constants';
import { apiPatch } from '../../lib/api';
import { usersQueryKey } from './get-users';

export interface UserUpdate {
  role?: Role;
  is_active?: boolean;
  name?: string;
}

/** PATCH /api/users/:id (administrators). The server refuses demoting or deactivating oneself
 * and leaving no active administrator; its message is shown as the error toast. */
export function updateUser({ id, ...update }: UserUpdate & { id: string }): Promise<unknown> {
  return apiPatch<unknown>(`/api/users/${encodeURIComponent(id)}`, update);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
