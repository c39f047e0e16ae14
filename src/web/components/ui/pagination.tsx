import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';

/**
 * The page numbers to show: at most `max` (SPEC §9: up to 5 page buttons), centred on the
 * current page where possible.
 */
export function pageWindow(current: number, totalPages: number, max = 5): number[] {
  const total = Math.max(1, Math.floor(totalPages));
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  const count = Math.min(max, total);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, total - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

export interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** What is being paged, for the summary ("bookings"). */
  itemLabel?: string;
  className?: string;
}

/** Previous, up to 5 page buttons and Next, with "Showing 11–20 of 34 bookings". */
export function Pagination({
  page,
  total,
  pageSize,
  onPageChange,
  itemLabel = 'results',
  className,
}: PaginationProps) {
  const pages = pageCount(total, pageSize);
  const current = Math.min(Math.max(1, page), pages);
  const first = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const last = Math.min(total, current * pageSize);
  return (
    <nav
      aria-label="Pagination"
      className={cn('flex flex-col items-center gap-3 sm:flex-row sm:justify-between', className)}
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total === 0 ? `No ${itemLabel}` : `Showing ${first}–${last} of ${total} ${itemLabel}`}
      </p>
      <div className="flex flex-wrap items-center justify-center gap-1">
        <Button
          variant="outline"
          size="sm"
          disabled={current <= 1}
          onClick={() => onPageChange(current - 1)}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        {pageWindow(current, pages).map((number) => (
          <Button
            key={number}
            variant={number === current ? 'default' : 'ghost'}
            size="sm"
            className="min-w-9"
            aria-current={number === current ? 'page' : undefined}
            aria-label={`Page ${number}`}
            onClick={() => onPageChange(number)}
          >
            {number}
          </Button>
        ))}
        <Button
          variant="outline"
          size="sm"
          disabled={current >= pages}
          onClick={() => onPageChange(current + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
