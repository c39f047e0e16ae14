import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { toast } from '../../components/ui/toast';
import { resetCsrfToken } from '../../lib/api';
import { paths } from '../../lib/paths';
import { setSessionHint } from '../../lib/session-hint';
import { sessionQueryKey } from './get-session';
import { loginRedirectParam } from './redirect-target';

/** SPEC §5 and §8 "Missing session". */
export const AUTH_REQUIRED_MESSAGE = 'Authentication required. Please sign in.';

/** The id of the pathless layout route that guards every staff page (routes/_staff.tsx). */
export const STAFF_ROUTE_ID = '/_staff';

/** Query keys whose data is public and may outlive a session (resort profile, cabins). */
const PUBLIC_QUERY_ROOT = 'public';

let leaving = false;

export function isOnStaffPage(router: AnyRouter): boolean {
  return router.state.matches.some((match) => match.routeId === STAFF_ROUTE_ID);
}

/**
 * Leaves the back office for /login and forgets what the signed-in user loaded. The session is
 * marked signed-out first (so /login does not bounce back to the dashboard), the navigation
 * unmounts the staff screens, and only then is their cached data dropped, so no mounted screen
 * starts fetching again with no session.
 */
export async function leaveStaffArea(
  router: AnyRouter,
  queryClient: QueryClient,
  options: { message?: string; returnHere?: boolean } = {},
): Promise<void> {
  if (leaving) return;
  leaving = true;
  try {
    const redirect = options.returnHere
      ? loginRedirectParam(router.state.location.href)
      : undefined;
    resetCsrfToken();
    setSessionHint(false);
    queryClient.setQueryData(sessionQueryKey, null);
    if (options.message) toast.error(options.message, { id: 'auth-required' });
    await router.navigate({
      to: paths.login,
      search: redirect ? { redirect } : {},
      replace: true,
    });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== PUBLIC_QUERY_ROOT });
    queryClient.setQueryData(sessionQueryKey, null);
  } finally {
    leaving = false;
  }
}

/**
 * SPEC §4 "Client session" and §9: when the session has expired or a call is answered 401, clear
 * the local state and go to /login, coming back to this page after sign-in. Only staff pages
 * react: a 401 on a public page (or on /login itself) is not a lost session. Returns whether it
 * took over.
 */
export function expireSession(
  router: AnyRouter,
  queryClient: QueryClient,
  message: string = AUTH_REQUIRED_MESSAGE,
): boolean {
  if (leaving) return true;
  if (!isOnStaffPage(router)) return false;
  void leaveStaffArea(router, queryClient, { message, returnHere: true });
  return true;
}
