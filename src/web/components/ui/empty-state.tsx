import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  /** Buttons or links offered next ("Add Cabin"). */
  action?: ReactNode;
  /** Heading level of the title, to fit the page outline. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

export function EmptyState({
  title,
  description,
  icon: Icon,
  action,
  headingLevel: Heading = 'h2',
  className,
}: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-sand-300 bg-surface px-6 py-10 text-center',
        className,
      )}
    >
      {Icon ? (
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      ) : null}
      <Heading className="text-base font-semibold">{title}</Heading>
      {description ? (
        <div className="max-w-md text-sm text-muted-foreground">{description}</div>
      ) : null}
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
