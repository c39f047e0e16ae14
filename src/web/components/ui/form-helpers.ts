import { formatPhoneInput, parseCurrencyInput } from '../../../domain/format';
import { REQUIRED, maxLengthMessage, minLengthMessage } from '../../../domain/messages';

/*
 * SPEC §5 "Form helper inputs" as pure functions, so the rules are unit-tested without a browser;
 * currency-input.tsx, phone-input.tsx and number-input.tsx are thin controls around them.
 */

/**
 * Currency: digits and one decimal point, at most 2 decimals (domain's parseCurrencyInput). A
 * leading minus is kept, so "-50" reads as -50 and the form's schema refuses it at the field
 * instead of the sign vanishing and ₱50.00 being saved.
 */
export function currencyInput(raw: string): { text: string; value: number | null } {
  const next = parseCurrencyInput(raw);
  if (!raw.trimStart().startsWith('-')) return next;
  return { text: `-${next.text}`, value: next.value === null ? null : -next.value };
}

/** The text a currency input shows for a value it is given (no trailing ".00" forced). */
export function currencyText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return String(Math.round(value * 100) / 100);
}

/**
 * Phone on blur: "+63 9XX XXX XXXX" for a Philippine mobile number however it was typed; anything
 * else (a landline, a number still being typed) is left as the person typed it.
 */
export function phoneOnBlur(raw: string): string {
  const formatted = formatPhoneInput(raw);
  return formatted.startsWith('+63 ') ? formatted : raw.trim();
}

/**
 * Number while typing: digits only, or digits and one decimal point when decimals are allowed; a
 * leading minus only when negatives are allowed (min below 0).
 */
export function numberInputText(
  raw: string,
  options: { allowDecimal?: boolean; allowNegative?: boolean } = {},
): string {
  const negative = options.allowNegative === true && raw.trim().startsWith('-');
  let text = raw.replace(options.allowDecimal ? /[^\d.]/g : /\D/g, '');
  if (options.allowDecimal) {
    const point = text.indexOf('.');
    if (point !== -1)
      text = `${text.slice(0, point + 1)}${text.slice(point + 1).replace(/\./g, '')}`;
  }
  return negative ? `-${text}` : text;
}

/** The number a number input's text stands for, or null while it is empty or only "-" / ".". */
export function numberInputValue(text: string): number | null {
  if (text === '' || text === '-' || text === '.' || text === '-.') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** SPEC §5: clamps to min and max (on blur). */
export function clampNumber(value: number, min?: number, max?: number): number {
  let result = value;
  if (min !== undefined && result < min) result = min;
  if (max !== undefined && result > max) result = max;
  return result;
}

/** SPEC §5: the error style shows while the value is out of range. */
export function isOutOfRange(value: number | null, min?: number, max?: number): boolean {
  if (value === null) return false;
  return (min !== undefined && value < min) || (max !== undefined && value > max);
}

/**
 * SPEC §5: "This field is required", "Must be at least N characters", "Must be N characters or
 * less" — the first that applies to a text, or null when it passes.
 */
export function textFieldMessage(
  value: string,
  rules: { required?: boolean; min?: number; max?: number },
): string | null {
  const text = value.trim();
  if (text === '') return rules.required ? REQUIRED : null;
  if (rules.min !== undefined && text.length < rules.min) return minLengthMessage(rules.min);
  if (rules.max !== undefined && text.length > rules.max) return maxLengthMessage(rules.max);
  return null;
}
