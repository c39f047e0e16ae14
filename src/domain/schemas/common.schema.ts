import { z } from 'zod';
import { LIMITS } from '../constants';
import { addDays, diffDays, toIsoDate } from '../dates';
import { DATE_FORMATS, formatDate, normalizePhilippinePhone } from '../format';
import { MESSAGES, REQUIRED, checkInEarliestMessage, maxLengthMessage } from '../messages';
import { RECORD_ID } from '../record-id';
import { sanitizeSearch, sanitizeText, sanitizeUrl } from '../sanitize';

/**
 * Field schemas several forms share, each carrying SPEC §5's messages. Forms and the server parse
 * with the same schemas (CONVENTIONS "One schema, many uses").
 */

/** Missing (undefined or null) reads "This field is required"; another type gets `message`. */
const missingOr =
  (message: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? REQUIRED : message;

/** A required text: trimmed, sanitised as plain text (SPEC §5), 1 to `max` characters. */
export function requiredTextField(max: number) {
  return (
    z
      .string({ error: missingOr(REQUIRED) })
      .trim()
      .min(1, REQUIRED)
      .max(max, maxLengthMessage(max))
      .transform((value) => sanitizeText(value, max))
      // Text that was nothing but markup is empty once sanitised.
      .refine((value) => value !== '', REQUIRED)
  );
}

/**
 * An optional text: trimmed, sanitised as plain text, at most `max` characters. Null and '' mean
 * "none" and come out as undefined, so an emptied form field clears nothing by accident.
 */
export function optionalTextField(max: number, message: string = maxLengthMessage(max)) {
  return z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => {
      const text = value ? sanitizeText(value, max) : '';
      return text === '' ? undefined : text;
    });
}

/**
 * An optional text on an update: undefined leaves the stored value, null or '' clears it,
 * anything else is trimmed, sanitised and at most `max` characters.
 */
export function clearableTextField(max: number, message: string = maxLengthMessage(max)) {
  return z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((value) => {
      if (value === undefined) return undefined;
      const text = value === null ? '' : sanitizeText(value, max);
      return text === '' ? null : text;
    });
}

/** SPEC §5 guest name: letters (accented too), spaces, hyphens and apostrophes; 2 to 100. */
const NAME_PATTERN = /^(?=.*\p{L})[\p{L}\p{M}\s'’-]+$/u;

/** A check's `when` for a text that is not empty: its other rules wait until it is given. */
export function textGiven(payload: { value: unknown }): boolean {
  return typeof payload.value === 'string' && payload.value.length > 0;
}

export const guestNameField = z
  .string({ error: missingOr(MESSAGES.nameCharacters) })
  .trim()
  // An empty name is missing, not short (issue 15). Not an `abort`: an aborted field stops every
  // rule of its form, so "Enter an e-mail address or a phone number" (issue 22) would not show.
  .min(1, MESSAGES.nameRequired)
  .refine((name) => name.length >= LIMITS.name_min, {
    error: MESSAGES.nameTooShort,
    when: textGiven,
  })
  .max(LIMITS.name_max, MESSAGES.nameTooLong)
  .refine((name) => NAME_PATTERN.test(name), { error: MESSAGES.nameCharacters, when: textGiven })
  .transform((name) => name.replace(/\s+/g, ' '));

/** SPEC §5: trimmed, lower-cased and valid, with the form's own messages. */
export function emailField(message: string, missingMessage: string = REQUIRED) {
  return z
    .string({ error: (issue) => (issue.input == null ? missingMessage : message) })
    .trim()
    .toLowerCase()
    .min(1, missingMessage)
    .max(LIMITS.email_max, message)
    .pipe(z.email(message));
}

/** SPEC §5 Philippine phone: +63 or 0, then a mobile or a landline; normalised to +63. */
export const philippinePhoneField = z
  .string({ error: missingOr(MESSAGES.invalidPhilippinePhone) })
  .trim()
  .min(1, REQUIRED)
  .refine((phone) => normalizePhilippinePhone(phone) !== null, MESSAGES.invalidPhilippinePhone)
  .transform((phone) => normalizePhilippinePhone(phone) ?? phone);

/**
 * A stay date 'YYYY-MM-DD'. SPEC §3 has clients send ISO date-times too; their written date part
 * is taken (not converted to any zone), so clients should send the resort's calendar date.
 */
export const dateField = z
  .string({ error: MESSAGES.invalidDate })
  .refine((value) => toIsoDate(value) !== null, MESSAGES.invalidDate)
  .transform((value) => toIsoDate(value) ?? value);

export const optionalDateField = z
  .string({ error: MESSAGES.invalidDate })
  .refine((value) => toIsoDate(value) !== null, MESSAGES.invalidDate)
  .transform((value) => toIsoDate(value) ?? value)
  .optional();

/**
 * A record id (record-id.ts RECORD_ID), with the field's message: zod's guid format, checked with
 * the domain's one pattern.
 */
export function idField(message?: string) {
  return z.stringFormat('guid', RECORD_ID, message === undefined ? undefined : { error: message });
}

/** SPEC §5 guests per booking: a whole number 1 to 20. */
export function guestCountField(maxMessage: string = MESSAGES.guestsMax) {
  return z
    .number({ error: MESSAGES.guestsMin })
    .int(MESSAGES.guestsWhole)
    .min(LIMITS.guests_min, MESSAGES.guestsMin)
    .max(LIMITS.guests_max, maxMessage);
}

/** Money in pesos with at most two decimals (SQL numeric(12,2), DESIGN §3). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isInteger(Math.round(value * 100 * 1e6) / 1e6);
}

/** A URL a record may point at: http, https or a relative storage path (SPEC §5). */
export const urlField = z
  .string({ error: MESSAGES.invalidUrl })
  .trim()
  .max(LIMITS.url_max, MESSAGES.invalidUrl)
  .refine((url) => sanitizeUrl(url) === url, MESSAGES.invalidUrl);

/** SPEC §5 search input: sanitised, never rejected. */
export const searchField = z
  .string()
  .optional()
  .transform((value) => {
    const search = sanitizeSearch(value ?? '');
    return search === '' ? undefined : search;
  });

/** A list page number from a query string: 1 or more, 1 when missing or unreadable. */
export const pageField = z.coerce.number().int().min(1).catch(1);

/** Stay-shaped values: check-in and check-out (already 'YYYY-MM-DD'). */
interface Stay {
  check_in?: string | undefined;
  check_out?: string | undefined;
}

/**
 * A `when` for a cross-field refinement: run it only when the value itself is an object (no
 * issue at the root: a custom `when` replaces zod's own "stop after a type error", so `null`
 * would otherwise reach the rule) and the fields it reads parsed, so each message names one fault.
 */
export function fieldsParsed(...fields: string[]) {
  return (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }): boolean =>
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));
}

/** Runs a stay rule only when both dates read as dates. */
const datesParsed = fieldsParsed('check_in', 'check_out');

/** SPEC §5: check-out after check-in; and no more than LIMITS.stay_max_nights nights. */
export function withStayRules<T extends z.ZodType<Stay>>(schema: T): T {
  return schema
    .refine((stay) => !stay.check_in || !stay.check_out || stay.check_out > stay.check_in, {
      message: MESSAGES.checkOutAfterCheckIn,
      path: ['check_out'],
      when: datesParsed,
    })
    .refine(
      (stay) =>
        !stay.check_in ||
        !stay.check_out ||
        stay.check_out <= stay.check_in ||
        diffDays(stay.check_out, stay.check_in) <= LIMITS.stay_max_nights,
      { message: MESSAGES.stayTooLong, path: ['check_out'], when: datesParsed },
    );
}

/** SPEC §5 guest form: check-in strictly after the resort's today, so tomorrow at the earliest. */
export function futureCheckInField(today: string) {
  const tomorrow = formatDate(addDays(today, 1), DATE_FORMATS.long);
  return dateField.refine((date) => date > today, checkInEarliestMessage(tomorrow));
}

/** SPEC §5 staff and multi-unit forms: check-in today or later. */
export function notPastCheckInField(today: string) {
  return dateField.refine((date) => date >= today, MESSAGES.checkInNotPast);
}

/** SPEC §5 and §8: a unit may appear once in a booking ("Unit already added to booking"). */
export function addDuplicateUnitIssues(
  lines: readonly { unit_id: string }[],
  ctx: z.RefinementCtx,
): void {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const id = line.unit_id.toLowerCase();
    if (seen.has(id)) {
      ctx.addIssue({
        code: 'custom',
        message: MESSAGES.unitAlreadyAdded,
        path: [index, 'unit_id'],
      });
    }
    seen.add(id);
  });
}

/** A route's `:id` as a record id (lower-cased), for every feature's detail routes. */
export const recordIdParamsSchema = z.object({
  id: idField().transform((id) => id.toLowerCase()),
});

/** Where the browser PUTs a file: a signed, expiring storage upload (DESIGN §2 files). */
export const signedUploadSchema = z.object({
  bucket: z.string(),
  path: z.string(),
  token: z.string(),
  expires_at: z.string(),
});
export type SignedUpload = z.infer<typeof signedUploadSchema>;

/** DESIGN §5: a list answers `{ data, total, page, page_size }`. */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}
export type ListPage<T> = z.infer<ReturnType<typeof listResponseSchema<z.ZodType<T>>>>;
