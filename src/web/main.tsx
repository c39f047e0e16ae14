import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary } from './components/errors/app-error-boundary';
import { expireSession } from './features/auth/expire-session';
import { createQueryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';
import './styles.css';

// SPEC §9: any call answered 401 on a staff page ends the session there and then (one place).
const queryClient = createQueryClient({
  onUnauthorized: () => expireSession(router, queryClient),
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders hand data to TanStack Query; let Query decide when it is stale (CONVENTIONS).
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// SPEC §8: global errors and unhandled rejections are logged to the console only.
window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled promise rejection', event.reason);
});

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
