import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { ErrorBoundary } from './error-boundary';
import { ErrorScreen, errorMessage } from './error-screen';

export interface ComponentErrorProps {
  error?: unknown;
  onRetry?: () => void;
  /** Replace the generic text, e.g. "We couldn't load the cabins." */
  description?: ReactNode;
  showDetail?: boolean;
  className?: string;
}

/** SPEC §2 "Component-level" error: a small box in place of one widget. */
export function ComponentError({
  error,
  onRetry,
  description = 'This component failed to load.',
  showDetail = false,
  className,
}: ComponentErrorProps) {
  return (
    <ErrorScreen
      variant="inline"
      className={className}
      title="Component Error"
      description={description}
      detail={showDetail && error !== undefined ? errorMessage(error) : undefined}
      actions={
        onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        ) : undefined
      }
    />
  );
}

/** Isolates a widget: if it throws while rendering, only it is replaced by ComponentError. */
export function ComponentErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={({ error, reset }) => <ComponentError error={error} onRetry={reset} />}
    >
      {children}
    </ErrorBoundary>
  );
}
