import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Shared look of text-like controls (input, textarea, select, date picker). */
export const controlClass =
  'w-full min-w-0 rounded-lg border border-input-border bg-surface px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive aria-invalid:ring-1 aria-invalid:ring-destructive sm:text-sm';

export type InputProps = ComponentProps<'input'>;

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn(controlClass, 'h-10 py-2', className)} {...props} />;
}
