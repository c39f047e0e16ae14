/**
 * Issue 17 point 4: the extras catalogue's limits and messages, zod-free so the guest booking
 * form (a first download with a budget, issue 9) can check a quantity without loading zod; the
 * schemas in schemas/extra.schema.ts are built from them.
 */

export const EXTRA_LIMITS = {
  name_max: 100,
  price_max: 100_000,
  /** Per extra on one booking; nights and persons multiply it (extras-pricing.ts). */
  quantity_max: 50,
  extras_per_request_max: 20,
  /** One priced extra line at most, so no line overflows SQL numeric(12,2). */
  line_max: 10_000_000,
  note_max: 300,
} as const;

export const EXTRA_MESSAGES = {
  selectExtra: 'Please select an extra',
  priceInvalid: 'Price must be a number with at most two decimals',
  priceNegative: 'Price cannot be negative',
  priceMax: `Price cannot exceed ₱${EXTRA_LIMITS.price_max.toLocaleString('en-US')}`,
  chargePer: 'Choose per stay, per night, per person or per person per night',
  taxTreatment: 'Choose VATable, VAT-exempt or zero-rated',
  quantityWhole: 'Quantity must be a whole number',
  quantityMin: 'Quantity must be at least 1',
  quantityMax: `Quantity cannot exceed ${EXTRA_LIMITS.quantity_max}`,
  tooManyExtras: `At most ${EXTRA_LIMITS.extras_per_request_max} extras`,
  extraTwice: 'This extra is already in the list',
  mustBeBoolean: 'Must be true or false',
} as const;

/**
 * The message extraQuantityField (schemas/extra.schema.ts) gives for a quantity, or null when it
 * is one: what a form shows beside the field before the schema runs. Null is an empty field.
 */
export function extraQuantityMessage(quantity: number | null): string | null {
  if (quantity === null || !Number.isInteger(quantity)) return EXTRA_MESSAGES.quantityWhole;
  if (quantity < 1) return EXTRA_MESSAGES.quantityMin;
  if (quantity > EXTRA_LIMITS.quantity_max) return EXTRA_MESSAGES.quantityMax;
  return null;
}
