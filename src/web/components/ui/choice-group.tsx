import { useId } from 'react';
import type { ReactNode } from 'react';

/** A checkbox of a choice group (or a form's own yes/no box). */
export const choiceCheckboxClass =
  'size-5 shrink-0 rounded border-input-border accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** A group of checkboxes under a legend, with its message said under it and announced with it. */
export function ChoiceGroup({
  legend,
  error,
  children,
}: {
  legend: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  const errorId = error ? `choice-error-${id}` : undefined;
  return (
    <fieldset className="grid gap-2" aria-describedby={errorId}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {children}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
