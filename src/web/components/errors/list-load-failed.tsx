import { RotateCcw } from 'lucide-react';
import { ErrorScreen } from './error-screen';
import { Button } from '../ui/button';

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
