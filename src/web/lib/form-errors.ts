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
