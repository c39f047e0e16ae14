import { useState } from 'react';
import { isApiError } from './api';
import { firstMessageByField } from './form-errors';

/**
 * A form kept in plain state (the settings dialogs): the draft, one message per field, the
 * refusal that is not a field's, and `refused` to place a server answer on them.
 */
export function useDraftForm<D extends object, F extends string>(initial: () => D) {
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  return {
    draft,
    setDraft,
    errors,
    setErrors,
    formError,
    setFormError,
    set: <K extends keyof D>(key: K, value: D[K]) =>
      setDraft((current) => ({ ...current, [key]: value })),
    reset: () => {
      setDraft(initial());
      setErrors({});
      setFormError(null);
    },
    /** The server's field messages at their fields; a 409 at `conflictField`; else above. */
    refused: (error: unknown, fallback: string, conflictField?: F) => {
      const issues = isApiError(error) ? (error.issues ?? []) : [];
      if (issues.length > 0) setErrors(firstMessageByField<F>(issues));
      else if (conflictField && isApiError(error) && error.status === 409) {
        setErrors({ [conflictField]: error.message } as Partial<Record<F, string>>);
      } else setFormError(error instanceof Error ? error.message : fallback);
    },
  };
}
