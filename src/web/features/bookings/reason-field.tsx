import { LIMITS } from '../../../domain/constants';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/textarea';

/**
 * The reason a booking move asks for (a cancellation, a status correction, confirming without a
 * verified payment): required, counted against the internal-notes limit, its error at the field.
 */
export function ReasonField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label={label}
      required
      error={error ?? undefined}
      description={`${value.length} / ${LIMITS.internal_notes_max} characters`}
    >
      <Textarea rows={3} value={value} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}
