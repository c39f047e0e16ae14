/*
 * Search-parameter checks for route definitions. Route definitions (validateSearch, beforeLoad,
 * loader) are part of the app's first download, which every guest loads, so they do not pull in
 * zod (DESIGN §2: guest pages load no back-office code). Forms, which load with their page, use the
 * zod schemas of src/domain. Each helper returns undefined for anything unexpected, which the
 * route then treats as "not given".
 */

export function optionalString(value: unknown, maxLength = 2048): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value.length > 0 && value.length <= maxLength ? value : undefined;
}

export function optionalEnum<T extends string>(
  value: unknown,
  allowed: readonly T[],
): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}
