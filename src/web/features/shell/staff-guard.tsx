import { useQueryClient, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Outlet, useRouter } from '@tanstack/react-router';
import type { ErrorComponentProps, NotFoundRouteProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AuthError } from '../../components/errors/auth-error';
import { NotFoundPage } from '../../components/errors/not-found-page';
import { RoutePageError } from '../../components/errors/page-error';
import { StartupScreen } from '../../components/errors/startup-screen';
import { HOUSEKEEPING_ONLY_MARK } from '../auth/housekeeping-access';
import { HousekeepingOnlyMessage } from './housekeeping-only-message';
import { StaffLayout } from './staff-layout';
import { expireSession } from '../auth/expire-session';
import { useSession } from '../auth/get-session';
import { SessionCheckError } from '../auth/session-check-error';
import { useSignOut } from '../auth/sign-out';
import { useSessionTimers } from '../auth/use-session-timers';

/**
 * The staff layout route's component: the shell around every staff page, the session timers, and
 * the way out when the session ends while a page is open (a refetch finds it gone).
 */
export function StaffArea() {
  const { data: session, dataUpdatedAt } = useSession();
  const router = useRouter();
  const queryClient = useQueryClient();
  useSessionTimers(session, dataUpdatedAt);

  useEffect(() => {
    if (session === null) expireSession(router, queryClient);
  }, [session, router, queryClient]);

  if (!session) return <StartupScreen />;
  return (
    <StaffLayout user={session.user}>
      <Outlet />
    </StaffLayout>
  );
}

/**
 * Issue 22: a page a housekeeping account may not open (the layout's beforeLoad throws a marked
 * not-found) shows the permission message in the shell; any other not-found is the 404 page.
 */
export function StaffAreaNotFound({ data }: NotFoundRouteProps) {
  const { data: session } = useSession();
  if (data !== HOUSEKEEPING_ONLY_MARK) return <NotFoundPage />;
  if (!session) return <StartupScreen />;
  return (
    <StaffLayout user={session.user}>
      <HousekeepingOnlyMessage />
    </StaffLayout>
  );
}

/**
 * SPEC §2 "Authentication-error screen" when the session cannot be checked; any other error of
 * the layout itself is a page error.
 */
export function StaffAreaError(props: ErrorComponentProps) {
  if (props.error instanceof SessionCheckError) return <SessionCheckFailed {...props} />;
  return <RoutePageError {...props} />;
}

function SessionCheckFailed({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorBoundary = useQueryErrorResetBoundary();
  const signOut = useSignOut();
  return (
    <AuthError
      message={error instanceof Error ? error.message : undefined}
      signingOut={signOut.isPending}
      onRetry={() => {
        queryErrorBoundary.reset();
        reset();
        void router.invalidate();
      }}
      onSignOut={() => signOut.mutate()}
    />
  );
}
