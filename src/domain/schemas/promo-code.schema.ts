import { z } from 'zod';
import {
  normalizePromoCode,
  PROMO_CODE_MAX,
  PROMO_CODE_MIN,
  PROMO_CODE_PATTERN,
  PROMO_KINDS,
  PROMO_MESSAGES,
} from '../promo-codes';
import { dateField, fieldsParsed, idField } from './common.schema';

/**
 * Issue 21 point 2, DESIGN §8: /api/promo-codes (managers and up: list, create, PATCH; GET
 * /api/promo-codes/report, each code's uses and what they cost) and the `promo_code` that
 * POST /api/quote and every booking request accept. The rules are promo-codes.ts's.
 */

export const PROMO_FORM_MESSAGES = {
  kind: 'Choose a percentage or a fixed peso amount',
  percent: 'A percentage is a whole number from 1 to 100',
  amount: 'An amount is more than ₱0 and at most ₱1,000,000, with at most two decimals',
  count: 'A limit is a whole number from 1 to 1,000,000 (empty for no limit)',
  nights: 'Minimum nights is a whole number from 1 to 365 (empty for none)',
  bookEndsBeforeStart: 'The last booking day cannot be before the first',
  stayEndsBeforeStart: 'The last stay date cannot be before the first',
  units: 'Choose each cabin once (none for every cabin)',
  perEmailAboveTotal: 'Uses per e-mail cannot be more than the total uses',
  taken: 'A promo code with this code already exists',
} as const;

/**
 * A code as typed: trimmed, then letters, digits, hyphens or underscores, 3 to 30 of them
 * (a code with spaces or of 100 characters is refused with its own message); stored upper-case.
 */
export const promoCodeField = z
  .string({ error: PROMO_MESSAGES.required })
  .trim()
  .min(1, PROMO_MESSAGES.required)
  .min(PROMO_CODE_MIN, PROMO_MESSAGES.tooShort)
  .max(PROMO_CODE_MAX, PROMO_MESSAGES.tooLong)
  .regex(PROMO_CODE_PATTERN, PROMO_MESSAGES.format)
  .transform(normalizePromoCode);

/** On a quote or booking request: absent, null or empty means no code. */
export const optionalPromoCodeField = z
  .union([z.literal(''), z.null(), promoCodeField])
  .optional()
  .transform((value) => (value ? value : undefined));

const count = z
  .number({ error: PROMO_FORM_MESSAGES.count })
  .int(PROMO_FORM_MESSAGES.count)
  .min(1, PROMO_FORM_MESSAGES.count)
  .max(1_000_000, PROMO_FORM_MESSAGES.count)
  .nullable();

const minNights = z
  .number({ error: PROMO_FORM_MESSAGES.nights })
  .int(PROMO_FORM_MESSAGES.nights)
  .min(1, PROMO_FORM_MESSAGES.nights)
  .max(365, PROMO_FORM_MESSAGES.nights)
  .nullable();

const unitIds = z
  .array(idField('Choose a cabin from the list'), { error: PROMO_FORM_MESSAGES.units })
  .max(200, PROMO_FORM_MESSAGES.units)
  .refine(
    (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
    PROMO_FORM_MESSAGES.units,
  );

const promoFields = z.object({
  code: promoCodeField,
  kind: z.enum(PROMO_KINDS, { error: PROMO_FORM_MESSAGES.kind }),
  /** percent: 1–100 (percentage points); amount: pesos, two decimals at most. */
  value: z.number({ error: PROMO_FORM_MESSAGES.amount }),
  book_from: dateField.nullable(),
  book_to: dateField.nullable(),
  stay_from: dateField.nullable(),
  stay_to: dateField.nullable(),
  min_nights: minNights,
  unit_ids: unitIds,
  max_uses: count,
  max_uses_per_email: count,
  active: z.boolean({ error: 'Active is true or false' }),
});

type PromoShape = Partial<z.output<typeof promoFields>>;

function valueIssue(kind: unknown, value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (kind === 'percent') {
    return Number.isInteger(value) && value >= 1 && value <= 100
      ? null
      : PROMO_FORM_MESSAGES.percent;
  }
  if (kind === 'amount') {
    return value > 0 && value <= 1_000_000 && Math.round(value * 100) === value * 100
      ? null
      : PROMO_FORM_MESSAGES.amount;
  }
  return null;
}

/** The cross-field rules, said at the field that is wrong. */
function withPromoChecks<T extends z.ZodType<PromoShape>>(schema: T): T {
  return schema
    .superRefine((promo, ctx) => {
      const issue = valueIssue(promo.kind, promo.value);
      if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['value'] });
    })
    .refine((p) => !p.book_from || !p.book_to || p.book_to >= p.book_from, {
      message: PROMO_FORM_MESSAGES.bookEndsBeforeStart,
      path: ['book_to'],
      when: fieldsParsed('book_from', 'book_to'),
    })
    .refine((p) => !p.stay_from || !p.stay_to || p.stay_to >= p.stay_from, {
      message: PROMO_FORM_MESSAGES.stayEndsBeforeStart,
      path: ['stay_to'],
      when: fieldsParsed('stay_from', 'stay_to'),
    })
    .refine(
      (p) =>
        p.max_uses === null ||
        p.max_uses === undefined ||
        p.max_uses_per_email === null ||
        p.max_uses_per_email === undefined ||
        p.max_uses_per_email <= p.max_uses,
      {
        message: PROMO_FORM_MESSAGES.perEmailAboveTotal,
        path: ['max_uses_per_email'],
        when: fieldsParsed('max_uses', 'max_uses_per_email'),
      },
    );
}

/** POST /api/promo-codes. Unset dates and limits are open; a new code is active. */
export const promoCodeCreateSchema = withPromoChecks(
  promoFields
    .extend({
      book_from: promoFields.shape.book_from.default(null),
      book_to: promoFields.shape.book_to.default(null),
      stay_from: promoFields.shape.stay_from.default(null),
      stay_to: promoFields.shape.stay_to.default(null),
      min_nights: minNights.default(null),
      unit_ids: unitIds.default([]),
      max_uses: count.default(null),
      max_uses_per_email: count.default(null),
      active: promoFields.shape.active.default(true),
    })
    .strict(),
);
export type PromoCodeCreateInput = z.input<typeof promoCodeCreateSchema>;
export type PromoCodeCreate = z.output<typeof promoCodeCreateSchema>;

/**
 * PATCH /api/promo-codes/:id: any field but the code itself (bookings record it). The server
 * checks the merged code again with promoCodeCreateSchema.
 */
export const promoCodeUpdateSchema = withPromoChecks(
  promoFields.omit({ code: true }).partial().strict(),
);
export type PromoCodeUpdate = z.output<typeof promoCodeUpdateSchema>;

/** DESIGN §8: a promo code as the API answers it, with its uses so far. */
export const promoCodeSchema = z.object({
  promo_code_id: z.string(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number(),
  book_from: z.string().nullable(),
  book_to: z.string().nullable(),
  stay_from: z.string().nullable(),
  stay_to: z.string().nullable(),
  min_nights: z.number().int().nullable(),
  unit_ids: z.array(z.string()),
  max_uses: z.number().int().nullable(),
  max_uses_per_email: z.number().int().nullable(),
  active: z.boolean(),
  /** Bookings made with it and not cancelled. */
  uses: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PromoCodeDto = z.output<typeof promoCodeSchema>;

/** GET /api/promo-codes?search&status&page&page_size. */
export const promoCodeListQuerySchema = z.object({
  search: z.string().trim().max(30).optional().catch(undefined),
  status: z.enum(['all', 'active', 'paused']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(25),
});
export type PromoCodeListQuery = z.output<typeof promoCodeListQuerySchema>;

export const promoCodeListSchema = z.object({
  data: z.array(promoCodeSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/**
 * GET /api/promo-codes/report?from&to: per code, the bookings made with it in the range (by
 * booking day) that stand, those given back by a cancellation, and what the discounts cost.
 */
export const promoCodeReportQuerySchema = z
  .object({ from: dateField.optional(), to: dateField.optional() })
  .refine((q) => !q.from || !q.to || q.to >= q.from, {
    message: 'The end date cannot be before the start date',
    path: ['to'],
    when: fieldsParsed('from', 'to'),
  });

export const promoCodeReportSchema = z.object({
  data: z.array(
    z.object({
      promo_code_id: z.string(),
      code: z.string(),
      kind: z.enum(PROMO_KINDS),
      value: z.number(),
      active: z.boolean(),
      uses: z.number().int(),
      released: z.number().int(),
      /** The discounts given on the standing bookings, pesos. */
      discount_total: z.number(),
      /** Those bookings' totals after the discount, pesos. */
      revenue_total: z.number(),
    }),
  ),
  totals: z.object({ uses: z.number().int(), discount_total: z.number() }),
});
export type PromoCodeReport = z.output<typeof promoCodeReportSchema>;
