import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api';
import { sessionsQueryKey } from './get-sessions';

/** DELETE /api/auth/sessions/:id: that browser's next request answers 401. */
export function revokeSession(id: string): Promise<unknown> {
  return apiDelete<unknown>(`/api/auth/sessions/${encodeURIComponent(id)}`);
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
