import { ArrowLeft, FileQuestion } from 'lucide-react';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import { ErrorScreen } from './error-screen';

function goBack() {
  window.history.back();
}

export interface LoadFailedProps {
  /** What failed to load, capitalised: "Booking", "Cabin". */
  entity: string;
  message?: string;
  onBack?: () => void;
}

/** SPEC §2 detail pages: "Failed to Load X" with a Go Back button. */
export function LoadFailed({ entity, message, onBack = goBack }: LoadFailedProps) {
  return (
    <ErrorScreen
      variant="section"
      title={`Failed to Load ${entity}`}
      description={message ?? `The ${entity.toLowerCase()} could not be loaded. Please try again.`}
      actions={
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
      }
    />
  );
}

export interface NotFoundRecordProps {
  entity: string;
  onBack?: () => void;
}

/** SPEC §2 detail pages: "X Not Found". */
export function NotFoundRecord({ entity, onBack = goBack }: NotFoundRecordProps) {
  return (
    <ErrorScreen
      variant="section"
      icon={FileQuestion}
      tone="neutral"
      title={`${entity} Not Found`}
      description={`The ${entity.toLowerCase()} you are looking for does not exist or has been removed.`}
      actions={
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
      }
    />
  );
}

/** SPEC §2 detail pages: the skeleton shown while a record loads. */
export function DetailSkeleton({ label = 'Loading details...' }: { label?: string }) {
  return (
    <div className="grid gap-6" aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      <div className="grid gap-2">
        <Skeleton className="h-8 w-2/3 max-w-sm" />
        <Skeleton className="h-4 w-1/2 max-w-xs" />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
      <Skeleton className="h-56" />
    </div>
  );
}
