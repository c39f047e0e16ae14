import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export interface LabelProps extends ComponentProps<'label'> {
  /** Adds a visual required marker; the control itself should carry `required`. */
  required?: boolean;
}

export function Label({ className, required, children, ...props }: LabelProps) {
  return (
    <label className={cn('text-sm leading-none font-medium text-foreground', className)} {...props}>
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-destructive">
          *
        </span>
      ) : null}
    </label>
  );
}
