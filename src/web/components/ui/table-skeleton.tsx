import { Skeleton } from './skeleton';

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
