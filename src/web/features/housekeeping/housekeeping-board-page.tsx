import { BrushCleaning, RotateCcw } from 'lucide-react';
import { HOUSEKEEPING_STATUSES } from '../../../domain/constants';
import type { HousekeepingStatus } from '../../../domain/constants';
import { formatDate } from '../../../domain/format';
import type { HousekeepingCabin } from '../../../domain/schemas/housekeeping.schema';
import { ListLoadFailed } from '../../components/errors/list-load-failed';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useHousekeepingBoard } from './get-housekeeping-board';
import { HousekeepingCard } from './housekeeping-card';
import type { HousekeepingSearch } from './housekeeping-search';

export interface HousekeepingBoardPageProps {
  search: HousekeepingSearch;
  onSearchChange: (next: HousekeepingSearch) => void;
}

/**
 * Issue 22 `/housekeeping`: the phone-first board. One card per cabin with its housekeeping
 * status, who arrives, leaves or stays today, why it is out of order, and big buttons to change
 * it. A filter shows one status at a time.
 */
export function HousekeepingBoardPage({ search, onSearchChange }: HousekeepingBoardPageProps) {
  useDocumentTitle('Housekeeping');
  const board = useHousekeepingBoard();
  const cabins = board.data?.cabins ?? [];
  const shown = search.status
    ? cabins.filter((cabin) => cabin.housekeeping_status === search.status)
    : cabins;
  return (
    <div className="grid grid-cols-1 gap-5">
      <PageHeader
        title="Housekeeping"
        description={
          board.data
            ? `Cabins on ${formatDate(board.data.date, 'EEEE, MMM dd')}.`
            : 'Which cabins to clean today.'
        }
        actions={
          <Button
            variant="outline"
            onClick={() => void board.refetch()}
            loading={board.isFetching && !board.isPending}
            loadingText="Refreshing..."
          >
            <RotateCcw aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      <StatusFilter
        value={search.status}
        counts={countByStatus(cabins)}
        total={cabins.length}
        onChange={(status) => onSearchChange(status ? { status } : {})}
        disabled={!board.data}
      />
      {board.isPending ? (
        <BoardSkeleton />
      ) : board.isError ? (
        <ListLoadFailed
          entity="Cabins"
          message={board.error.message}
          onRetry={() => void board.refetch()}
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={BrushCleaning}
          title={search.status ? `No cabins are ${search.status.toLowerCase()}` : 'No cabins yet'}
          description={
            search.status
              ? 'Choose All to see every cabin.'
              : 'Cabins added by a manager appear here.'
          }
        />
      ) : (
        <ul aria-label="Cabins" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((cabin) => (
            <li key={cabin.unit_id}>
              <HousekeepingCard cabin={cabin} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function countByStatus(cabins: readonly HousekeepingCabin[]): Record<HousekeepingStatus, number> {
  const counts = { Clean: 0, Dirty: 0, Inspected: 0, 'Out of order': 0 };
  for (const cabin of cabins) counts[cabin.housekeeping_status] += 1;
  return counts;
}

function StatusFilter({
  value,
  counts,
  total,
  onChange,
  disabled,
}: {
  value: HousekeepingStatus | undefined;
  counts: Record<HousekeepingStatus, number>;
  total: number;
  onChange: (status: HousekeepingStatus | undefined) => void;
  disabled: boolean;
}) {
  const options: { status: HousekeepingStatus | undefined; label: string; count: number }[] = [
    { status: undefined, label: 'All', count: total },
    ...HOUSEKEEPING_STATUSES.map((status) => ({ status, label: status, count: counts[status] })),
  ];
  return (
    <div role="group" aria-label="Show cabins" className="flex flex-wrap gap-2">
      {options.map((option) => {
        const active = option.status === value;
        return (
          <Button
            key={option.label}
            variant={active ? 'default' : 'outline'}
            aria-pressed={active}
            disabled={disabled}
            onClick={() => onChange(option.status)}
          >
            {option.label}
            <span
              className={cn(
                'rounded-full px-1.5 text-xs tabular-nums',
                active ? 'bg-white/20' : 'bg-muted',
              )}
            >
              {option.count}
            </span>
          </Button>
        );
      })}
    </div>
  );
}

function BoardSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading cabins..."
      className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3"
    >
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-44 w-full rounded-xl" />
      ))}
    </div>
  );
}
