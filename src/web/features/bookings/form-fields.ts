import type { Resolver, UseFormRegisterReturn } from 'react-hook-form';
import { cabinGuestsMaxMessage } from '../../../domain/messages';

/** The parts of register()'s result a control needs (its min/max, if any, are set by the page). */
export function controlProps({ name, ref, onChange, onBlur }: UseFormRegisterReturn) {
  return { name, ref, onChange, onBlur };
}

/**
 * Wraps a form's schema resolver so a guest count above the chosen cabin's maximum is kept as
 * typed and refused at the field (issue 15), never silently lowered to the maximum. The maximum
 * is read at validation time from `maxGuests`, as the cabin can change while the form is open.
 */
export function withCabinGuestLimit<Input extends { num_guests?: unknown }, Output>(
  schemaResolver: Resolver<Input, unknown, Output>,
  maxGuests: () => number,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    const guests = values.num_guests;
    const max = maxGuests();
    if (typeof guests === 'number' && guests > max && !result.errors.num_guests) {
      return {
        values: {},
        errors: {
          ...result.errors,
          num_guests: { type: 'max', message: cabinGuestsMaxMessage(max) },
        },
      } as Awaited<ReturnType<Resolver<Input, unknown, Output>>>;
    }
    return result;
  };
}
