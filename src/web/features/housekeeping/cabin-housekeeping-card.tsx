import { BrushCleaning } from 'lucide-react';
import { LoadFailedAlert } from '../../components/ui/inline-alert';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useHousekeepingBoard } from './get-housekeeping-board';
import { HousekeepingActions } from './housekeeping-actions';
import { HousekeepingDetails } from './housekeeping-card';
import { HousekeepingStatusBadge } from './housekeeping-status-badge';

/**
 * Issue 22: the cabin page's housekeeping status, with the board's buttons. It reads the board
 * (one answer for every cabin), so the page and the board never disagree.
 */
export function CabinHousekeepingCard({ unitId }: { unitId: string }) {
  const board = useHousekeepingBoard();
  const cabin = board.data?.cabins.find((c) => c.unit_id === unitId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            <BrushCleaning aria-hidden="true" className="size-5" />
            Housekeeping
          </span>
        </CardTitle>
        <CardDescription>
          Clean, dirty, inspected or out of order, apart from its sales status.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {board.isPending ? (
          <Skeleton
            role="status"
            aria-label="Loading housekeeping status..."
            className="h-16 w-full"
          />
        ) : board.isError ? (
          <LoadFailedAlert
            title="The housekeeping status could not be loaded"
            error={board.error}
            onRetry={() => void board.refetch()}
          />
        ) : !cabin ? (
          <p className="text-sm text-muted-foreground">
            This cabin is not on the housekeeping board.
          </p>
        ) : (
          <>
            <HousekeepingStatusBadge status={cabin.housekeeping_status} />
            <HousekeepingDetails cabin={cabin} />
            <HousekeepingActions
              unitId={cabin.unit_id}
              unitName={cabin.unit_name}
              status={cabin.housekeeping_status}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
