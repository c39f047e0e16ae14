import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { controlClass } from './input';

export type TextareaProps = ComponentProps<'textarea'>;

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return (
    <textarea rows={rows} className={cn(controlClass, 'min-h-20 py-2', className)} {...props} />
  );
}
