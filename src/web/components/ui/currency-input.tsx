import { useState } from 'react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { currencyInput, currencyText } from './form-helpers';
import { Input } from './input';

export interface CurrencyInputProps extends Omit<
  ComponentProps<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type'
> {
  /** Pesos; null or undefined while empty. */
  value: number | null | undefined;
  onValueChange: (value: number | null) => void;
}

/**
 * SPEC §5 currency input: a peso sign, placeholder 0.00, and only digits and one decimal point
 * with at most 2 decimals can be typed (plus a leading minus, kept so the form's schema refuses a
 * negative amount at the field). Reports the number (null while empty).
 */
export function CurrencyInput({ value, onValueChange, className, ...props }: CurrencyInputProps) {
  const [text, setText] = useState(() => currencyText(value));
  const [shown, setShown] = useState(value);
  // A value set from outside (a form reset) replaces the text; one typed here does not.
  if (value !== shown) {
    setShown(value);
    if ((value ?? null) !== currencyInput(text).value) setText(currencyText(value));
  }
  return (
    <div className={cn('relative', className)}>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground"
      >
        ₱
      </span>
      <Input
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        {...props}
        className="pl-7 tabular-nums"
        value={text}
        onChange={(event) => {
          const next = currencyInput(event.target.value);
          // A refused keystroke leaves the state as it was, so no render puts the text back
          // (Preact, which stands in for React DOM, does not restore a controlled input's value
          // the way React does): put it back here.
          if (event.target.value !== next.text) event.target.value = next.text;
          setText(next.text);
          setShown(next.value);
          onValueChange(next.value);
        }}
      />
    </div>
  );
}
