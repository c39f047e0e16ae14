import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface PageHeaderProps {
  /** The page's one h1. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons shown beside the title on wide screens and below it on phones. */
  actions?: ReactNode;
  /** Small text above the title (a breadcrumb or section name). */
  eyebrow?: ReactNode;
  className?: string;
}

export function PageHeader({ title, description, actions, eyebrow, className }: PageHeaderProps) {
  return (
    <div
      className={cn(
        'flex flex-col gap-4 border-b border-border pb-5 sm:flex-row sm:items-end sm:justify-between',
        className,
      )}
    >
      <div className="grid min-w-0 gap-1.5">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-sea-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="text-2xl font-bold tracking-tight text-balance text-foreground sm:text-3xl">
          {title}
        </h1>
        {description ? (
          <div className="max-w-2xl text-base text-muted-foreground">{description}</div>
        ) : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2 sm:shrink-0">{actions}</div> : null}
    </div>
  );
}
