import { createFileRoute, redirect } from '@tanstack/react-router';
import { StartupScreen } from '../components/errors/startup-screen';
import { findSessionForPublicPage } from '../features/auth/get-session';
import { LoginPage } from '../features/auth/login-page';
import { postLoginTarget } from '../features/auth/redirect-target';
import { optionalString } from '../lib/search-params';

interface LoginSearch {
  /** Where to go after sign-in; checked against the allowed prefixes when used (SPEC §2). */
  redirect?: string;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const target = optionalString(search.redirect);
    return target ? { redirect: target } : {};
  },
  // SPEC §6: the login route sends signed-in users away (to where they were going, else the
  // dashboard: DESIGN §3).
  beforeLoad: async ({ context, search }) => {
    if (await findSessionForPublicPage(context.queryClient)) {
      throw redirect({ href: postLoginTarget(search.redirect), replace: true });
    }
  },
  pendingComponent: () => <StartupScreen />,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target } = Route.useSearch();
  return <LoginPage redirect={target} />;
}
