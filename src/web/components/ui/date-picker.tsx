import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { controlClass } from './input';

export interface DatePickerProps extends Omit<ComponentProps<'input'>, 'type' | 'min' | 'max'> {
  /** Earliest selectable date, YYYY-MM-DD. */
  min?: string;
  /** Latest selectable date, YYYY-MM-DD. */
  max?: string;
}

/**
 * A calendar-date input. The native date input is used on purpose: phones show their own picker,
 * keyboards and screen readers work, and the value is always YYYY-MM-DD.
 */
export function DatePicker({ className, ...props }: DatePickerProps) {
  return <input type="date" className={cn(controlClass, 'h-10 py-2', className)} {...props} />;
}
