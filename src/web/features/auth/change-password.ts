import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { refreshAccount } from './refresh-account';

export interface ChangePasswordInput {
  current_password: string;
  new_password: string;
}

/** POST /api/auth/change-password; the server signs out the user's other sessions. */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return apiPost<unknown>('/api/auth/change-password', input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    meta: { suppressErrorToast: true },
    onSuccess: () => refreshAccount(queryClient),
  });
}
