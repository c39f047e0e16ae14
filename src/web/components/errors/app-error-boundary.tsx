import { Home, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { ErrorBoundary } from './error-boundary';
import { ErrorScreen } from './error-screen';

export interface AppErrorProps {
  onRetry?: () => void;
}

/** SPEC §2 "App-level error". It sits outside the router, so "Go Home" is a full page load. */
export function AppError({ onRetry }: AppErrorProps) {
  return (
    <main>
      <ErrorScreen
        title="Application Error"
        description="The application encountered an unexpected error. Please try refreshing the page."
        actions={
          <>
            <Button onClick={onRetry ?? (() => window.location.reload())}>
              <RotateCcw aria-hidden="true" />
              Try Again
            </Button>
            <Button variant="outline" onClick={() => window.location.assign('/')}>
              <Home aria-hidden="true" />
              Go Home
            </Button>
          </>
        }
      />
    </main>
  );
}

/** Wraps the whole app (main.tsx): anything the router's own boundaries miss lands here. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={({ reset }) => <AppError onRetry={reset} />}>{children}</ErrorBoundary>
  );
}
