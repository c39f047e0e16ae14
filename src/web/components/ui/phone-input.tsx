import type { ComponentProps } from 'react';
import { Input } from './input';
import { phoneOnBlur } from './form-helpers';

export interface PhoneInputProps extends Omit<
  ComponentProps<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type'
> {
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * SPEC §5 phone input: a Philippine mobile number is shown as "+63 9XX XXX XXXX" once the field
 * is left, however it was typed (0917…, 917…, 63917…).
 */
export function PhoneInput({ value, onValueChange, onBlur, ...props }: PhoneInputProps) {
  return (
    <Input
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+63 917 123 4567"
      {...props}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      onBlur={(event) => {
        const formatted = phoneOnBlur(event.target.value);
        if (formatted !== event.target.value) onValueChange(formatted);
        onBlur?.(event);
      }}
    />
  );
}
