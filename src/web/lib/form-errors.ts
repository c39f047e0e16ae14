import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api';

/**
 * Puts the server's per-field messages (DESIGN §5 `issues: [{ path, message }]`) on the form's
 * fields. `fields` lists the form's field names, or is a function telling whether a path (with
 * `prefix` removed, e.g. "general.") names one. Returns how many messages were placed; the caller
 * shows the general message when none were.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[] | ((path: string) => boolean),
  prefix = '',
): number {
  if (!isApiError(error) || !error.issues) return 0;
  const isField = (path: string): path is FieldPath<T> =>
    typeof fields === 'function' ? fields(path) : (fields as readonly string[]).includes(path);
  let placed = 0;
  for (const issue of error.issues) {
    const path =
      prefix && issue.path.startsWith(prefix) ? issue.path.slice(prefix.length) : issue.path;
    if (!isField(path)) continue;
    setError(path, { type: 'server', message: issue.message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return placed;
}

/**
 * The first message per field of a zod parse or a server answer, keyed by the path's first part
 * (`closed_to_arrival.0` is the field `closed_to_arrival`'s), for forms kept in plain state.
 */
export function firstMessageByField<F extends string>(
  issues: readonly { path: string | readonly PropertyKey[]; message: string }[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const first = typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0];
    const field = String(first ?? '') as F;
    errors[field] ??= issue.message;
  }
  return errors;
}
