import { AlertTriangle, CheckCircle2, Info, RotateCcw, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { cn } from '../../lib/cn';

export interface InlineAlertProps {
  tone?: 'error' | 'warning' | 'info' | 'success';
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a dismiss button. */
  onDismiss?: () => void;
  className?: string;
}

const toneClass = {
  error:
    'border-destructive/40 bg-destructive-soft text-foreground [&_svg.alert-icon]:text-destructive',
  warning:
    'border-sand-400 bg-warning-soft text-foreground [&_svg.alert-icon]:text-warning-foreground',
  info: 'border-sea-200 bg-accent text-foreground [&_svg.alert-icon]:text-sea-700',
  success:
    'border-sea-300 bg-success-soft text-foreground [&_svg.alert-icon]:text-success-foreground',
} as const;

const toneIcon = {
  error: AlertTriangle,
  warning: AlertTriangle,
  info: Info,
  success: CheckCircle2,
};

/**
 * A message inside the page (a locked account, a refused page). Errors and warnings are announced
 * at once (role="alert"); information politely (role="status").
 */
export function InlineAlert({
  tone = 'error',
  title,
  children,
  onDismiss,
  className,
}: InlineAlertProps) {
  const Icon = toneIcon[tone];
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-3 rounded-xl border px-4 py-3 text-sm',
        toneClass[tone],
        className,
      )}
    >
      <Icon aria-hidden="true" className="alert-icon mt-0.5 size-5 shrink-0" />
      <div className="grid min-w-0 flex-1 gap-1">
        {title ? <p className="font-semibold break-words">{title}</p> : null}
        {children ? <div className="break-words text-foreground">{children}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          className="-my-1 -mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Dismiss</span>
        </button>
      ) : null}
    </div>
  );
}

/**
 * A list or card that could not be loaded: what failed, the reason, and a way to try again
 * without reloading the page.
 */
export function LoadFailedAlert({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
}) {
  return (
    <InlineAlert tone="error" title={title}>
      <p>{error.message}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        Try again
      </Button>
    </InlineAlert>
  );
}
