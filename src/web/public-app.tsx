import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { publicPageOf } from '../domain/app-routes';
import { AppErrorBoundary } from './components/errors/app-error-boundary';
import { ErrorBoundary } from './components/errors/error-boundary';
import { RootRouteError } from './components/errors/root-error';
import { Toaster } from './components/ui/toast';
import { showFlashToasts } from './lib/flash-toast';
import { createPublicRouter, PublicRouterView } from './lib/public-router';
import type { PublicRouter } from './lib/public-router';
import { createPublicRoutes } from './public-routes';

/**
 * The public pages' router: at the address bar's location in the browser, or at `prerenderUrl`
 * when the build renders a page to HTML (src/web/prerender.tsx).
 */
export function createPublicAppRouter(queryClient: QueryClient, prerenderUrl?: string) {
  return createPublicRouter(createPublicRoutes(queryClient), publicPageOf, prerenderUrl);
}

/** The public pages' app (public-main.tsx): as the back office's root, a page and a toast area. */
export function PublicApp({
  router,
  queryClient,
}: {
  router: PublicRouter;
  queryClient: QueryClient;
}) {
  // Messages queued before a full page load.
  useEffect(() => {
    showFlashToasts();
  }, []);
  return (
    <StrictMode>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ErrorBoundary fallback={({ error }) => <RootRouteError error={error} />}>
            <PublicRouterView router={router} />
          </ErrorBoundary>
          <Toaster />
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
