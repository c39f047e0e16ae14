import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { refreshAccount } from './refresh-account';

/** POST /api/auth/two-factor/disable (asks for the password again). */
export function disableTwoFactor(input: { password: string }): Promise<unknown> {
  return apiPost<unknown>('/api/auth/two-factor/disable', input);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    meta: { suppressErrorToast: true },
    onSuccess: () => refreshAccount(queryClient),
  });
}
