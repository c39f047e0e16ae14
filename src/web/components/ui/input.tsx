import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Shared look of text-like controls (input, textarea, select, date picker). */
export const controlClass =
  'w-full min-w-0 rounded-lg border border-input-border bg-surface px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive aria-invalid:ring-1 aria-invalid:ring-destructive sm:text-sm';

export type InputProps = ComponentProps<'input'>;

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn(controlClass, 'h-10 py-2', className)} {...props} />;
}

/** A radio button's look: large enough to tap, with the visible focus ring. */
export const radioClass =
  'size-5 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed';

/** A checkbox's look, as the radio's. */
export const checkboxClass =
  'mt-0.5 size-5 shrink-0 rounded border-input-border accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed';
