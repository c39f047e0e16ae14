import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { StartupScreen } from '../components/errors/startup-screen';
import { toast } from '../components/ui/toast';
import { AUTH_REQUIRED_MESSAGE } from '../features/auth/expire-session';
import { sessionQueryOptions } from '../features/auth/get-session';
import type { Session } from '../features/auth/get-session';
import { loginRedirectParam } from '../features/auth/redirect-target';
import { SessionCheckError } from '../features/auth/session-check-error';
import {
  HOUSEKEEPING_ONLY_MARK,
  housekeepingLanding,
  housekeepingMayOpen,
  isHousekeepingOnly,
} from '../features/auth/housekeeping-access';
import { StaffArea, StaffAreaError, StaffAreaNotFound } from '../features/shell/staff-guard';

/**
 * Every staff page sits under this pathless layout (SPEC §2 "Staff routes"): signed out, it sends
 * the visitor to /login with the page as `redirect`; signed in, it hands the session to the child
 * routes through the router context (`context.session`).
 */
export const Route = createFileRoute('/_staff')({
  beforeLoad: async ({ context, location, preload }): Promise<{ session: Session }> => {
    let session: Session | null;
    try {
      // The cached session answers at once and is re-checked in the background on every
      // navigation; StaffArea leaves for /login when that finds it gone (a revoked session).
      session = await context.queryClient.ensureQueryData({
        ...sessionQueryOptions(),
        staleTime: 0,
        revalidateIfStale: true,
      });
    } catch (error) {
      throw new SessionCheckError(error);
    }
    if (!session) {
      if (!preload) toast.info(AUTH_REQUIRED_MESSAGE, { id: 'auth-required' });
      const target = loginRedirectParam(location.href);
      throw redirect({ to: '/login', search: target ? { redirect: target } : {} });
    }
    // Issue 22: a housekeeping account starts on the board; any other back-office page shows
    // the permission message inside the shell, and the page's loaders (whose calls the server
    // would refuse) never run: a not-found thrown here stops the load at this layout.
    if (isHousekeepingOnly(session.user.role)) {
      if (housekeepingLanding(location.pathname)) {
        throw redirect({ to: '/housekeeping', replace: true });
      }
      if (!housekeepingMayOpen(location.pathname)) {
        throw notFound({ routeId: '/_staff', data: HOUSEKEEPING_ONLY_MARK });
      }
    }
    return { session };
  },
  // SPEC §2: a start-up screen while authentication is checked.
  pendingComponent: () => <StartupScreen />,
  pendingMs: 100,
  pendingMinMs: 300,
  errorComponent: StaffAreaError,
  notFoundComponent: StaffAreaNotFound,
  component: StaffArea,
});
