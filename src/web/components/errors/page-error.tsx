import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { RotateCcw } from 'lucide-react';
import { Button } from '../ui/button';
import { ErrorScreen, errorMessage } from './error-screen';

export interface PageErrorProps {
  error?: unknown;
  /** What Retry does; reloads the page when omitted. */
  onRetry?: () => void;
  /** Show the error's message under the text (off for guests by default). */
  showDetail?: boolean;
}

/** SPEC §2 "Page-level" error, shown inside the page's layout. */
export function PageError({ error, onRetry, showDetail = false }: PageErrorProps) {
  return (
    <ErrorScreen
      variant="section"
      title="Page Error"
      description="This page couldn't load properly. Please try again."
      detail={showDetail && error !== undefined ? errorMessage(error) : undefined}
      actions={
        <Button onClick={onRetry ?? (() => window.location.reload())}>
          <RotateCcw aria-hidden="true" />
          Retry
        </Button>
      }
    />
  );
}

/**
 * PageError as a route's `errorComponent`: Retry clears TanStack Query's error state, re-runs the
 * route's loaders and renders the page again.
 */
export function RoutePageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorBoundary = useQueryErrorResetBoundary();
  return (
    <PageError
      error={error}
      showDetail
      onRetry={() => {
        queryErrorBoundary.reset();
        reset();
        void router.invalidate();
      }}
    />
  );
}
