import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from '../../components/ui/toast';
import { expireSession } from './expire-session';
import { sessionQueryOptions } from './get-session';
import type { Session } from './get-session';

/** SPEC §9: the session is refreshed on a random timer between 45 and 55 minutes. */
export const REFRESH_MIN_MS = 45 * 60_000;
export const REFRESH_MAX_MS = 55 * 60_000;
/** SPEC §9: warn when 5 minutes or less remain. */
export const EXPIRY_WARNING_MS = 5 * 60_000;
const CHECK_INTERVAL_MS = 10_000;
const EXPIRY_TOAST_ID = 'session-expiry';

export function refreshDelay(random: () => number = Math.random): number {
  return REFRESH_MIN_MS + Math.floor(random() * (REFRESH_MAX_MS - REFRESH_MIN_MS));
}

/** SPEC §9: "Your session expires in N minutes", minutes rounded up. */
export function expiryWarningText(remainingMs: number): string {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  return `Your session expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** Asks the server for the session again; the server extends it (DESIGN §5). */
export async function refreshSession(queryClient: QueryClient): Promise<void> {
  try {
    const session = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    if (session) toast.dismiss(EXPIRY_TOAST_ID);
  } catch {
    // SPEC §8 "Refresh failure".
    toast.error('Session refresh failed');
  }
}

/**
 * The staff area's session timers (SPEC §4 "Client session", §9): the random refresh, the expiry
 * warning and the end of an expired session. `checkedAt` is when the session was last read, so
 * every refresh (timer, window focus, navigation) re-arms the timer.
 */
export function useSessionTimers(session: Session | null | undefined, checkedAt: number): void {
  const queryClient = useQueryClient();
  const router = useRouter();
  const signedIn = Boolean(session);
  const expiresAt = session?.expires_at;

  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(() => void refreshSession(queryClient), refreshDelay());
    return () => window.clearTimeout(timer);
  }, [signedIn, checkedAt, queryClient]);

  useEffect(() => {
    if (!expiresAt) return;
    const end = Date.parse(expiresAt);
    if (Number.isNaN(end)) return;
    let warnedMinutes: string | null = null;

    const check = () => {
      const remaining = end - Date.now();
      if (remaining <= 0) {
        toast.dismiss(EXPIRY_TOAST_ID);
        expireSession(router, queryClient);
        return;
      }
      if (remaining > EXPIRY_WARNING_MS) return;
      const text = expiryWarningText(remaining);
      if (text === warnedMinutes) return;
      warnedMinutes = text;
      toast.warning(text, {
        id: EXPIRY_TOAST_ID,
        // Stays up until the next minute's warning replaces it.
        duration: 60_000,
        action: { label: 'Stay signed in', onClick: () => void refreshSession(queryClient) },
      });
    };

    check();
    const interval = window.setInterval(check, CHECK_INTERVAL_MS);
    // Background tabs slow their timers down; check as soon as the tab is seen again.
    document.addEventListener('visibilitychange', check);
    return () => {
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', check);
    };
  }, [expiresAt, router, queryClient]);
}
