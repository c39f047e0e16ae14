import { createFileRoute, redirect } from '@tanstack/react-router';
import { findSessionForPublicPage } from '../features/auth/get-session';
import { backOfficeHome } from '../features/auth/redirect-target';
import { HomePage } from '../features/public-site/home-page';
import { publicUnitsQueryOptions } from '../features/units/get-public-units';

export const Route = createFileRoute('/')({
  // DESIGN §3: a signed-in user is sent to the back office (on a phone its front desk, issue 22). Guests are never asked for a session
  // (it would answer 401 on every visit); only a browser that signed in before checks it.
  beforeLoad: async ({ context }) => {
    if (await findSessionForPublicPage(context.queryClient)) {
      throw redirect({ href: backOfficeHome(), replace: true });
    }
  },
  // Start loading the cabins with the route (and on link hover). Not awaited: the page shows its
  // own skeleton and error state, so a failure here must not fail the route. Settings are not
  // prefetched here because that module pulls zod (via src/domain/settings.ts) into the entry
  // chunk; the layout fetches them in parallel with the page chunk instead.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(publicUnitsQueryOptions());
  },
  component: HomePage,
});
