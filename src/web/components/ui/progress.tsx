import { cn } from '../../lib/cn';

export interface ProgressProps {
  /** 0 to 100. */
  value: number;
  /** Accessible name ("Booking progress"). */
  label: string;
  /** Also show the percentage as text. */
  showValue?: boolean;
  className?: string;
}

/** A determinate progress bar. The width is set through the CSSOM, which the CSP allows. */
export function Progress({ value, label, showValue = false, className }: ProgressProps) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div className={cn('grid gap-1.5', className)}>
      {showValue ? (
        <div className="flex justify-between text-sm">
          <span className="font-medium">{label}</span>
          <span className="text-muted-foreground tabular-nums">{clamped}%</span>
        </div>
      ) : null}
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        className="h-2.5 w-full overflow-hidden rounded-full bg-sand-200"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300 ease-out"
          style={{ width: `${clamped}%` }}
        />
      </div>
    </div>
  );
}
