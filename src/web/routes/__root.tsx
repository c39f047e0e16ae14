import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NotFoundPage } from '../components/errors/not-found-page';
import { RootRouteError } from '../components/errors/root-error';
import { Toaster } from '../components/ui/toast';
import { showFlashToasts } from '../lib/flash-toast';

export interface RouterContext {
  queryClient: QueryClient;
}
// The staff layout route (routes/_staff.tsx) adds `session` to the context of every staff page.

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RootRouteError,
  notFoundComponent: NotFoundPage,
});

/** SPEC §2: the root layout is a toast area and an outlet. */
function RootLayout() {
  // Messages queued before a full page load ("Logged in successfully!" after sign-in).
  useEffect(() => {
    showFlashToasts();
  }, []);
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
