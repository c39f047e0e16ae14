import { RotateCcw } from 'lucide-react';
import { ErrorScreen } from '../errors/error-screen';
import { Button } from './button';
import { Skeleton } from './skeleton';

/** SPEC §2/§8: a list that could not load says so, with the server's message and Retry. */
export function ListLoadFailed({
  entity,
  message,
  onRetry,
}: {
  /** Plural, capitalised: "Bookings". */
  entity: string;
  message?: string;
  onRetry: () => void;
}) {
  return (
    <ErrorScreen
      variant="section"
      title={`Failed to Load ${entity}`}
      description={`The ${entity.toLowerCase()} could not be loaded. Please try again.`}
      detail={message}
      actions={
        <Button onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          Retry
        </Button>
      }
    />
  );
}

/** Rows of placeholders while a table's first page loads. */
export function TableSkeleton({ rows = 6, label }: { rows?: number; label: string }) {
  return (
    <div className="grid gap-2 rounded-xl border border-border bg-surface p-4" aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      <Skeleton className="h-6 w-full" />
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}
