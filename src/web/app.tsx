import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { AppErrorBoundary } from './components/errors/app-error-boundary';
import { routeTree } from './routeTree.gen';

/**
 * The router of the web app: at the address bar's location in the browser, or at `prerenderUrl`
 * when the build renders a page to HTML (src/web/prerender.tsx).
 */
export function createAppRouter(queryClient: QueryClient, prerenderUrl?: string) {
  return createRouter({
    routeTree,
    context: { queryClient },
    history: prerenderUrl ? createMemoryHistory({ initialEntries: [prerenderUrl] }) : undefined,
    defaultPreload: 'intent',
    // Loaders hand data to TanStack Query; let Query decide when it is stale (CONVENTIONS).
    defaultPreloadStaleTime: 0,
    // Rendered on a server, the router would write its restoring script inline into the page,
    // which the Content Security Policy blocks; a freshly opened page has nothing to restore.
    scrollRestoration: !prerenderUrl,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
