import { useCallback, useRef, useState } from 'react';
import type { ChangeEvent, FocusEvent } from 'react';
import type { GuestBookingInput } from '../../../domain/schemas/guest-booking.schema';

/*
 * The guest form's state, written for this one form instead of react-hook-form (about 15 KB
 * gzipped, more than a tenth of the page's JavaScript budget, issue 9). It keeps RHF's "onTouched"
 * behaviour: a field is checked when it loses focus, then on every change. The checking itself
 * (SPEC §5's schema and messages) is `validate`, loaded when the guest starts filling in the form.
 */

export type GuestFormValues = GuestBookingInput;
export type GuestFieldName = keyof GuestFormValues & string;
/** Each field's first message, as the schema words it. */
export type GuestFormErrors = Partial<Record<GuestFieldName, string>>;
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type ControlEvent = ChangeEvent<Control> | FocusEvent<Control>;

export interface RegisterOptions {
  /** Store the control's value as a number (the guest count). */
  valueAsNumber?: boolean;
  onChange?: (event: ChangeEvent<Control>) => void;
}

export function useGuestBookingForm(options: {
  /** Fields not given (the proof's type and size) stay unset until the proof is ready. */
  defaultValues: Partial<GuestFormValues>;
  validate: (values: GuestFormValues) => Promise<GuestFormErrors>;
}) {
  const { validate } = options;
  const values = useRef(options.defaultValues as GuestFormValues);
  const errorsRef = useRef<GuestFormErrors>({});
  const touched = useRef(new Set<GuestFieldName>());
  const controls = useRef(new Map<GuestFieldName, Control>());
  const [snapshot, setSnapshot] = useState(() => ({
    values: values.current,
    errors: errorsRef.current,
  }));

  const publish = useCallback(() => {
    setSnapshot({ values: values.current, errors: errorsRef.current });
  }, []);

  const setErrors = useCallback(
    (names: readonly GuestFieldName[], found: GuestFormErrors) => {
      const next = { ...errorsRef.current };
      for (const name of names) {
        if (found[name]) next[name] = found[name];
        else delete next[name];
      }
      errorsRef.current = next;
      publish();
    },
    [publish],
  );

  /** Checks the named fields against the whole form's values; true when none has a message. */
  const trigger = useCallback(
    async (names: readonly GuestFieldName[]): Promise<boolean> => {
      const found = await validate(values.current);
      setErrors(names, found);
      return names.every((name) => !found[name]);
    },
    [validate, setErrors],
  );

  const setValue = useCallback(
    <K extends GuestFieldName>(
      name: K,
      value: GuestFormValues[K],
      setOptions: { shouldValidate?: boolean } = {},
    ) => {
      values.current = { ...values.current, [name]: value };
      publish();
      if (setOptions.shouldValidate) void trigger([name]).catch(() => undefined);
    },
    [publish, trigger],
  );

  const setError = useCallback(
    (name: GuestFieldName, message: string, errorOptions: { shouldFocus?: boolean } = {}) => {
      errorsRef.current = { ...errorsRef.current, [name]: message };
      publish();
      if (errorOptions.shouldFocus) controls.current.get(name)?.focus();
    },
    [publish],
  );

  const clearErrors = useCallback(
    (names: GuestFieldName | readonly GuestFieldName[]) => {
      setErrors(typeof names === 'string' ? [names] : names, {});
    },
    [setErrors],
  );

  const register = (name: GuestFieldName, registerOptions: RegisterOptions = {}) => {
    const read = (event: ControlEvent) =>
      registerOptions.valueAsNumber ? Number(event.target.value) : event.target.value;
    return {
      name,
      value: String(snapshot.values[name] ?? ''),
      ref: (element: Control | null) => {
        if (element) controls.current.set(name, element);
        else controls.current.delete(name);
      },
      onChange: (event: ChangeEvent<Control>) => {
        values.current = { ...values.current, [name]: read(event) };
        publish();
        registerOptions.onChange?.(event);
        if (touched.current.has(name)) void trigger([name]).catch(() => undefined);
      },
      onBlur: (_event: FocusEvent<Control>) => {
        touched.current.add(name);
        void trigger([name]).catch(() => undefined);
      },
    };
  };

  return {
    register,
    values: snapshot.values,
    errors: snapshot.errors,
    /** The latest values, also between a change and the next render. */
    getValues: useCallback(() => values.current, []),
    isTouched: (name: GuestFieldName) => touched.current.has(name),
    isInvalid: (name: GuestFieldName) => Boolean(errorsRef.current[name]),
    setFocus: (name: GuestFieldName) => controls.current.get(name)?.focus(),
    setValue,
    setError,
    clearErrors,
    trigger,
  };
}
