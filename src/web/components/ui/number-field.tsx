import type { ReactNode } from 'react';
import { Field } from './field';
import { NumberInput } from './number-input';

/** A labelled whole-number field that may be left empty (null): a limit that is "none" when empty. */
export function NumberField({
  label,
  description,
  error,
  min,
  max,
  value,
  onValueChange,
}: {
  label: string;
  description?: ReactNode;
  error?: string | undefined;
  min: number;
  max: number;
  value: number | null;
  onValueChange: (value: number | null) => void;
}) {
  return (
    <Field label={label} description={description} error={error}>
      {(props) => (
        <NumberInput {...props} min={min} max={max} value={value} onValueChange={onValueChange} />
      )}
    </Field>
  );
}
