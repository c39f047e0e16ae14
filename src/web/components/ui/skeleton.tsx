import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A placeholder block shown while content loads. Decorative: pair it with a status message. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('rounded-md bg-sand-200/70 motion-safe:animate-pulse', className)}
      {...props}
    />
  );
}
