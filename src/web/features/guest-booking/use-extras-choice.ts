import { useState } from 'react';
import { extraQuantityMessage } from '../../../domain/extra-limits';
import type { ExtraSelection } from '../../../domain/schemas/extra.schema';
import { changeExtraQuantity, checkExtra, pickedExtras } from './extras-choice';
import type { ExtraChoices } from './extras-choice';
import type { ExtrasPickerProps } from './extras-picker';
import { extraQuantityId } from './extras-picker';
import { usePublicExtras } from './get-public-extras';

type PickerState = Omit<ExtrasPickerProps, 'taxNote' | 'className'>;

/**
 * The extras part of the guest booking form (issue 17): the catalogue offered, what is ticked,
 * each quantity's message, and `selection`, what the quote and the booking are sent. A quantity
 * is checked when its field is left and on submit (`check`), with the schema's messages.
 */
export function useExtrasChoice() {
  const offered = usePublicExtras();
  const [choices, setChoices] = useState<ExtraChoices>({});
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const picked = pickedExtras(choices, offered.data ?? []);

  const setError = (extraId: string, message: string | null) =>
    setErrors((current) => {
      if ((current[extraId] ?? null) === message) return current;
      const next = { ...current };
      if (message === null) delete next[extraId];
      else next[extraId] = message;
      return next;
    });

  const focusQuantity = (extraId: string) =>
    document.getElementById(extraQuantityId(extraId))?.focus();

  const picker: PickerState = {
    extras: offered.data,
    loadError: offered.data ? null : offered.error,
    onRetry: () => void offered.refetch(),
    choices,
    errors,
    error: generalError,
    onCheck: (extraId, checked) => {
      setGeneralError(null);
      setChoices((current) => checkExtra(current, extraId, checked));
      setError(extraId, null);
    },
    onQuantityChange: (extraId, quantity) => {
      setGeneralError(null);
      setChoices((current) => changeExtraQuantity(current, extraId, quantity));
      // A message already shown goes once the quantity is right; a new one waits for the blur.
      if (errors[extraId] && extraQuantityMessage(quantity) === null) setError(extraId, null);
    },
    onQuantityBlur: (extraId) => {
      const choice = choices[extraId];
      if (choice?.checked) setError(extraId, extraQuantityMessage(choice.quantity));
    },
  };

  return {
    picker,
    /** The ticked extras with a usable quantity, in the catalogue's order. */
    selection: picked.selection,
    /**
     * Shows every refused quantity's message; answers the first such extra's id (to focus with
     * `focus`), or null when all are right.
     */
    check(): string | null {
      for (const { extra_id, message } of picked.invalid) setError(extra_id, message);
      return picked.invalid[0]?.extra_id ?? null;
    },
    focus: focusQuantity,
    /**
     * Puts an issue about `extras.<index>` of the selection sent on its extra and answers the
     * extra's id (to focus); an issue about the whole list is said above the extras (null).
     */
    showIssue(sent: ExtraSelection, index: number | null, message: string): string | null {
      const extraId = index === null ? undefined : sent[index]?.extra_id;
      // The catalogue may have changed since the page was opened.
      void offered.refetch();
      if (extraId && choices[extraId]?.checked) {
        setError(extraId, message);
        return extraId;
      }
      setGeneralError(message);
      return null;
    },
  };
}
