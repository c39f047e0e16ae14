import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { refreshAccount } from './refresh-account';

/** POST /api/auth/two-factor/confirm: the first code from the app turns two-factor on. */
export function confirmTwoFactor(input: { code: string }): Promise<unknown> {
  return apiPost<unknown>('/api/auth/two-factor/confirm', input);
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    meta: { suppressErrorToast: true },
    onSuccess: () => refreshAccount(queryClient),
  });
}
