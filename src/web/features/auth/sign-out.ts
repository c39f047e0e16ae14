import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { toast } from '../../components/ui/toast';
import { apiPost, isApiError } from '../../lib/api';
import { leaveStaffArea } from './expire-session';

/** POST /api/auth/sign-out. */
export async function signOut(): Promise<void> {
  await apiPost<unknown>('/api/auth/sign-out');
}

/**
 * SPEC §2 "Sign Out goes to /login"; SPEC §8: on failure "Sign out failed. Please try again." and
 * the local state is cleared anyway.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: signOut,
    meta: { suppressErrorToast: true, expectUnauthorized: true },
    onError: (error) => {
      // A 401 means the session had already ended: the user is signed out, which was the point.
      if (isApiError(error) && error.status === 401) return;
      toast.error('Sign out failed. Please try again.');
    },
    onSettled: () => leaveStaffArea(router, queryClient),
  });
}
