import { BadgeCheck, BrushCleaning, Sparkles, Wrench } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { HousekeepingStatus } from '../../../domain/constants';
import { cn } from '../../lib/cn';

/** Issue 22: each housekeeping status has a colour, an icon and its name: never colour alone. */
export const HOUSEKEEPING_STYLES: Record<
  HousekeepingStatus,
  { className: string; icon: LucideIcon; card: string }
> = {
  Clean: {
    className: 'border-success-foreground/40 bg-success-soft text-success-foreground',
    icon: Sparkles,
    card: 'border-l-success-foreground',
  },
  Dirty: {
    className: 'border-sand-500 bg-warning-soft text-warning-foreground',
    icon: BrushCleaning,
    card: 'border-l-sand-600',
  },
  Inspected: {
    className: 'border-sea-800 bg-sea-700 text-white',
    icon: BadgeCheck,
    card: 'border-l-sea-700',
  },
  'Out of order': {
    className: 'border-destructive/50 bg-destructive-soft text-destructive',
    icon: Wrench,
    card: 'border-l-destructive',
  },
};

export function HousekeepingStatusBadge({
  status,
  className,
}: {
  status: HousekeepingStatus;
  className?: string;
}) {
  const style = HOUSEKEEPING_STYLES[status];
  const Icon = style.icon;
  return (
    <span
      data-housekeeping-status={status}
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold whitespace-nowrap',
        style.className,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {status}
    </span>
  );
}
