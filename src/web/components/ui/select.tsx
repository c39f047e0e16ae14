import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { controlClass } from './input';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentProps<'select'> {
  /** Options to render; children can be used instead for groups. */
  options?: readonly SelectOption[];
  /** A first, empty option ("Select a cabin"). */
  placeholder?: string;
}

/** A styled native <select>: the most accessible choice on phones and with screen readers. */
export function Select({ className, options, placeholder, children, ...props }: SelectProps) {
  return (
    <div className={cn('relative', className)}>
      <select className={cn(controlClass, 'h-10 appearance-none py-2 pr-9')} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
