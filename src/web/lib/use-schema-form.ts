import { useCallback, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { z } from 'zod';
import { firstMessageByField } from './form-errors';

/*
 * A small form of text fields checked by a zod schema, for the sign-in page (decision 0014,
 * fourth round): react-hook-form is about 15 KB gzipped, a tenth of what the back office's first
 * page may download, for two fields. It behaves as react-hook-form's defaults did there: nothing
 * is checked until the first submit, which shows every field's message and focuses the first
 * field that has one; from then on a field is checked again on every change.
 */

type Values = Record<string, string>;

export function useSchemaForm<In extends Values, Out>(
  schema: z.ZodType<Out, In>,
  defaultValues: In,
) {
  type Name = keyof In & string;
  const [values, setValues] = useState<In>(defaultValues);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const controls = useRef(new Map<Name, HTMLInputElement>());
  const order = Object.keys(defaultValues) as Name[];

  const check = useCallback(
    (next: In) => {
      const parsed = schema.safeParse(next);
      const found: Partial<Record<Name, string>> = parsed.success
        ? {}
        : firstMessageByField<Name>(
            parsed.error.issues.map((issue) => ({
              path: issue.path.map(String),
              message: issue.message,
            })),
          );
      return { parsed, found };
    },
    [schema],
  );

  const setFocus = useCallback((name: Name) => controls.current.get(name)?.focus(), []);

  /** A message on a field (the server's, say); the signature react-hook-form's callers use. */
  const setError = useCallback(
    (
      name: string,
      error: { type?: string; message?: string },
      options?: { shouldFocus?: boolean },
    ) => {
      setErrors((current) => ({ ...current, [name]: error.message ?? '' }));
      if (options?.shouldFocus) setFocus(name as Name);
    },
    [setFocus],
  );

  const setValue = useCallback((name: Name, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  const field = (name: Name) => ({
    name,
    value: values[name],
    ref: (element: HTMLInputElement | null) => {
      if (element) controls.current.set(name, element);
      else controls.current.delete(name);
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted) setErrors((current) => ({ ...current, [name]: check(next).found[name] }));
    },
  });

  const handleSubmit = (onValid: (parsed: Out) => void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { parsed, found } = check(values);
    setErrors(found);
    if (parsed.success) {
      onValid(parsed.data);
      return;
    }
    const first = order.find((name) => found[name]);
    if (first) setFocus(first);
  };

  return { field, errors, handleSubmit, setError, setValue, setFocus };
}
