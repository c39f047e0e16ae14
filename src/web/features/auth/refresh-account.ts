import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from './get-session';
import { securityQueryKey } from './get-security';
import { sessionsQueryKey } from './get-sessions';

/**
 * Password and two-factor changes replace the session (the server issues a new one) and change
 * what the Security tab shows: read all three again.
 */
export async function refreshAccount(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    queryClient.invalidateQueries({ queryKey: securityQueryKey }),
    queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  ]);
}
