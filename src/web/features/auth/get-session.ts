import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '../../../domain/constants';
import { isRole } from '../../../domain/constants';
import type {
  SessionResponse as SessionDto,
  SessionUser as SessionUserDto,
} from '../../../domain/schemas/auth.schema';
import { apiGet, isApiError } from '../../lib/api';
import { hasSessionHint, setSessionHint } from '../../lib/session-hint';

/**
 * The signed-in member of staff, as `GET /api/auth/session` describes them (DESIGN §5). The server
 * always sends one of ROLES (an account without an active role has no session: 401); the page reads
 * a role it does not know (a server newer than the page) as no role rather than trusting it.
 */
export type SessionUser = Omit<SessionUserDto, 'role'> & { role: Role | null };

export type Session = Omit<SessionDto, 'user'> & { user: SessionUser };

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** Accepts `{ user, expires_at }` or `{ data: { user, expires_at } }`; anything else is no session. */
export function parseSession(body: unknown): Session | null {
  const outer = asRecord(body);
  const source = outer && 'data' in outer && !('user' in outer) ? asRecord(outer.data) : outer;
  const user = asRecord(source?.user);
  if (!source || !user || typeof user.id !== 'string') return null;
  const expires = source.expires_at ?? source.expiresAt;
  return {
    user: {
      id: user.id,
      email: typeof user.email === 'string' ? user.email : '',
      name:
        typeof user.name === 'string' && user.name.trim() ? user.name : String(user.email ?? ''),
      role: isRole(user.role) ? user.role : null,
    },
    expires_at:
      typeof expires === 'string' ? expires : new Date(Date.now() + 3_600_000).toISOString(),
  };
}

/** The current session, or null when signed out (a 401 is an answer here, not an error). */
export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    const session = parseSession(await apiGet<unknown>('/api/auth/session', { signal }));
    setSessionHint(session !== null);
    return session;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      setSessionHint(false);
      return null;
    }
    throw error;
  }
}

export const sessionQueryKey = ['auth', 'session'] as const;

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    // Rechecked when the window regains focus and by the refresh timer (use-session-timers.ts).
    staleTime: 30_000,
    // A network failure is retried once; the staff layout then shows the auth-error screen.
    retry: 1,
  });
}

/**
 * The session as far as a public page needs it (the home and login pages, which send signed-in
 * staff on). A browser that never signed in is not asked about it: the server would answer 401 to
 * every guest. Failures count as signed out.
 */
export async function findSessionForPublicPage(queryClient: QueryClient): Promise<Session | null> {
  const cached = queryClient.getQueryData<Session | null>(sessionQueryKey);
  if (cached !== undefined) return cached;
  if (!hasSessionHint()) return null;
  try {
    return await queryClient.ensureQueryData(sessionQueryOptions());
  } catch {
    return null;
  }
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** The signed-in user inside the staff area (null only for the moment a session ends). */
export function useCurrentUser(): SessionUser | null {
  return useSession().data?.user ?? null;
}
