import { useState } from 'react';
import type { ComponentProps } from 'react';
import { clampNumber, isOutOfRange, numberInputText, numberInputValue } from './form-helpers';
import { Input } from './input';

export interface NumberInputProps extends Omit<
  ComponentProps<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max'
> {
  value: number | null | undefined;
  onValueChange: (value: number | null) => void;
  min?: number;
  max?: number;
  /** Decimals may be typed (integers only by default). */
  allowDecimal?: boolean;
}

/**
 * SPEC §5 number input: integers only unless decimals are allowed; the value is clamped to min
 * and max when the field is left, and shows the error style while it is out of range.
 */
export function NumberInput({
  value,
  onValueChange,
  min,
  max,
  allowDecimal = false,
  onBlur,
  ...props
}: NumberInputProps) {
  const [text, setText] = useState(() =>
    value === null || value === undefined ? '' : String(value),
  );
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if ((value ?? null) !== numberInputValue(text)) {
      setText(value === null || value === undefined ? '' : String(value));
    }
  }
  const current = numberInputValue(text);
  const outOfRange = isOutOfRange(current, min, max);
  return (
    <Input
      inputMode={allowDecimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      {...props}
      aria-invalid={outOfRange || props['aria-invalid'] ? true : undefined}
      value={text}
      onChange={(event) => {
        const next = numberInputText(event.target.value, {
          allowDecimal,
          allowNegative: min !== undefined && min < 0,
        });
        setText(next);
        const parsed = numberInputValue(next);
        setShown(parsed);
        onValueChange(parsed);
      }}
      onBlur={(event) => {
        if (current !== null) {
          const clamped = clampNumber(current, min, max);
          if (clamped !== current) {
            setText(String(clamped));
            setShown(clamped);
            onValueChange(clamped);
          }
        }
        onBlur?.(event);
      }}
    />
  );
}
