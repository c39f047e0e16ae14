import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../lib/api';
import { sessionQueryKey } from './get-session';

/** PATCH /api/profile: the signed-in user's own name. */
export function updateProfile(input: { name: string }): Promise<unknown> {
  return apiPatch<unknown>('/api/profile', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The form shows the server's field messages and its own toast.
    meta: { suppressErrorToast: true },
    // The name shows in the header: read the session again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
