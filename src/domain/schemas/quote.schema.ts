import { z } from 'zod';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { DISCOUNT_NAMES } from '../pricing';
import { extraSelectionSchema, quoteExtraLineSchema } from './extra.schema';
import {
  addDuplicateUnitIssues,
  dateField,
  guestCountField,
  idField,
  withStayRules,
} from './common.schema';

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
  discount: z.object({ name: z.enum(DISCOUNT_NAMES), rate: z.number(), amount: pesos }).nullable(),
  discount_amount: pesos,
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
