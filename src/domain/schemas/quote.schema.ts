import { z } from 'zod';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { RATE_PLANS } from '../pricing';
import { extraSelectionSchema, quoteExtraLineSchema } from './extra.schema';
import { optionalPromoCodeField } from './promo-code.schema';
import {
  addDuplicateUnitIssues,
  dateField,
  guestCountField,
  idField,
  withStayRules,
} from './common.schema';

export const RATE_PLAN_MESSAGE = 'Choose the flexible or the non-refundable rate';

/** Issue 21 point 3: the rate plan a stay is sold on; absent means flexible. */
export const ratePlanField = z.enum(RATE_PLANS, { error: RATE_PLAN_MESSAGE }).optional();

/**
 * DESIGN §5 POST /api/quote body: 1 to 10 units, none twice, and a stay; issue 17: the extras
 * asked for (DESIGN §8), priced as a guest would be.
 */
export const quoteRequestSchema = withStayRules(
  z.object({
    units: z
      .array(z.object({ unit_id: idField(MESSAGES.selectUnit), num_guests: guestCountField() }), {
        error: MESSAGES.selectAtLeastOneUnit,
      })
      .min(1, MESSAGES.selectAtLeastOneUnit)
      .max(LIMITS.units_per_multi_booking, MESSAGES.maxUnits)
      .superRefine(addDuplicateUnitIssues),
    check_in: dateField,
    check_out: dateField,
    extras: extraSelectionSchema.optional(),
    /** Issue 21: a promo code (case-insensitive); a code that cannot be used is a 400 at it. */
    promo_code: optionalPromoCodeField,
    /** Issue 21: flexible (default) or non_refundable, when the resort offers it. */
    rate_plan: ratePlanField,
  }),
);
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

const pesos = z.number().int();

/** Issue 17: the deposit asked now, the balance left and the date the balance is due. */
export const depositPlanSchema = z.object({
  deposit_amount: z.number(),
  balance_amount: z.number(),
  balance_due_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type DepositPlanDto = z.output<typeof depositPlanSchema>;

/** DESIGN §5 answer of POST /api/quote: pricing.ts's Quote, every amount whole pesos. */
export const stayQuoteResponseSchema = z.object({
  nights: z.number().int().positive(),
  units: z.array(
    z.object({
      unit_id: z.string(),
      base_total: pesos,
      weekend_surcharge: pesos,
      extra_person_fee: pesos,
      unit_total: pesos,
    }),
  ),
  base_amount: pesos,
  total_surcharges: pesos,
  subtotal: pesos,
  /** The one discount applied: automatic (§4) or the promo code, which `name` and `code` then give. */
  discount: z
    .object({
      name: z.string(),
      rate: z.number().nullable(),
      amount: pesos,
      kind: z.enum(['automatic', 'promo']),
      code: z.string().nullable(),
    })
    .nullable(),
  discount_amount: pesos,
  /** Issue 21: the code asked for, whether it applied (it must save more than §4's) and why. */
  promo: z
    .object({ code: z.string(), applied: z.boolean(), saving: pesos, message: z.string() })
    .nullable(),
  rate_plan: z.enum(RATE_PLANS),
  rate_plan_saving: pesos,
  vat: pesos,
  local_tax: pesos,
  tax_amount: pesos,
  total_amount: pesos,
});

/**
 * Issue 17: the answer with the extras asked for, each priced (extras-pricing.ts), and their sum
 * `extras_total` (taxes included). `total_amount` = the stay's total (DESIGN §4, unchanged when no
 * extras are asked for) + extras_total; the stay's discount and its vat/local_tax figures are the
 * stay's alone (extras are not discounted; each extra line carries its own taxes).
 */
export const quoteResponseSchema = stayQuoteResponseSchema.extend({
  extras: z.array(quoteExtraLineSchema),
  extras_total: pesos,
  /**
   * Issue 17 point 2: what the guest pays now and later under the resort's deposit rule
   * (domain/deposit.ts depositFor), worked out from `total_amount` (the stay and its extras) as
   * the booking will store it: "Deposit ₱X now, balance ₱Y due on <date>".
   */
  deposit: depositPlanSchema,
});
export type QuoteResponse = z.output<typeof quoteResponseSchema>;
