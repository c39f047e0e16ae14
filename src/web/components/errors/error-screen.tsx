import { AlertTriangle } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface ErrorScreenProps {
  title: string;
  description: ReactNode;
  /** Technical detail (an error message) shown in a quieter box under the description. */
  detail?: string;
  actions?: ReactNode;
  icon?: LucideIcon;
  /** Full-page screens own the page's h1 and fill the viewport; section uses h2, inline h3. */
  variant?: 'page' | 'section' | 'inline';
  /** danger for failures; neutral for "not found" and similar non-errors. */
  tone?: 'danger' | 'neutral';
  className?: string;
}

/** The shared layout of every error and status screen. */
export function ErrorScreen({
  title,
  description,
  detail,
  actions,
  icon: Icon = AlertTriangle,
  variant = 'page',
  tone = 'danger',
  className,
}: ErrorScreenProps) {
  const Heading = variant === 'page' ? 'h1' : variant === 'section' ? 'h2' : 'h3';
  return (
    <div
      role={variant === 'inline' ? 'alert' : undefined}
      className={cn(
        'flex flex-col items-center text-center',
        variant === 'page' && 'min-h-dvh justify-center bg-background px-4 py-12',
        variant === 'section' && 'px-4 py-12',
        variant === 'inline' &&
          'rounded-xl border border-destructive/30 bg-destructive-soft px-4 py-6',
        className,
      )}
    >
      <div
        className={cn(
          'flex w-full flex-col items-center gap-3',
          variant !== 'inline' && 'max-w-lg',
        )}
      >
        <span
          className={cn(
            'flex items-center justify-center rounded-full',
            tone === 'danger' ? 'text-destructive' : 'text-accent-foreground',
            variant === 'inline'
              ? 'size-10 bg-surface'
              : tone === 'danger'
                ? 'size-14 bg-destructive-soft'
                : 'size-14 bg-accent',
          )}
        >
          <Icon aria-hidden="true" className={variant === 'inline' ? 'size-5' : 'size-7'} />
        </span>
        <Heading
          className={cn(
            'font-bold tracking-tight text-balance text-foreground',
            variant === 'page'
              ? 'text-2xl sm:text-3xl'
              : variant === 'section'
                ? 'text-xl'
                : 'text-base',
          )}
        >
          {title}
        </Heading>
        <div className="text-muted-foreground">{description}</div>
        {detail ? (
          <p className="w-full rounded-lg border border-border bg-muted px-3 py-2 font-mono text-sm break-words text-foreground">
            {detail}
          </p>
        ) : null}
        {actions ? (
          <div className="mt-2 flex w-full flex-col justify-center gap-2 sm:w-auto sm:flex-row">
            {actions}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** A readable message for anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'An unexpected error occurred.';
}
