import { z } from 'zod';
import { TAX_TREATMENTS } from '../folio';
import { EXTRA_LIMITS, EXTRA_MESSAGES } from '../extra-limits';
import { hasAtMostTwoDecimals, idField, requiredTextField } from './common.schema';

/**
 * Issue 17 point 4, DESIGN §8: the extras catalogue (breakfast, boat transfer, island tour,
 * environmental fee, ...) and the extras a booking or quote asks for.
 */

export const EXTRA_CHARGE_PER = ['stay', 'night', 'person', 'person_night'] as const;
export type ExtraChargePer = (typeof EXTRA_CHARGE_PER)[number];

const priceField = z
  .number({ error: EXTRA_MESSAGES.priceInvalid })
  .min(0, EXTRA_MESSAGES.priceNegative)
  .max(EXTRA_LIMITS.price_max, EXTRA_MESSAGES.priceMax)
  .refine(hasAtMostTwoDecimals, EXTRA_MESSAGES.priceInvalid);

const extraFields = {
  name: requiredTextField(EXTRA_LIMITS.name_max),
  /** VAT-exclusive like the room rates (DESIGN §8). */
  price: priceField,
  charge_per: z.enum(EXTRA_CHARGE_PER, { error: EXTRA_MESSAGES.chargePer }),
  tax_treatment: z.enum(TAX_TREATMENTS, { error: EXTRA_MESSAGES.taxTreatment }),
  guest_bookable: z.boolean({ error: EXTRA_MESSAGES.mustBeBoolean }),
  active: z.boolean({ error: EXTRA_MESSAGES.mustBeBoolean }),
};

/** POST /api/extras. A new extra is active and staff-only unless said otherwise. */
export const extraCreateSchema = z.object({
  ...extraFields,
  guest_bookable: extraFields.guest_bookable.default(false),
  active: extraFields.active.default(true),
});
export type ExtraCreateInput = z.input<typeof extraCreateSchema>;
export type ExtraCreate = z.output<typeof extraCreateSchema>;

/** PATCH /api/extras/:id: any field. */
export const extraUpdateSchema = z.object(extraFields).partial();
export type ExtraUpdate = z.output<typeof extraUpdateSchema>;

/** DESIGN §8: an extra as the API answers it. */
export const extraSchema = z.object({
  extra_id: z.string(),
  name: z.string(),
  price: z.number(),
  charge_per: z.enum(EXTRA_CHARGE_PER),
  tax_treatment: z.enum(TAX_TREATMENTS),
  guest_bookable: z.boolean(),
  active: z.boolean(),
});
export type Extra = z.output<typeof extraSchema>;

/** How many of an extra: a whole number 1 to EXTRA_LIMITS.quantity_max. */
export const extraQuantityField = z
  .number({ error: EXTRA_MESSAGES.quantityWhole })
  .int(EXTRA_MESSAGES.quantityWhole)
  .min(1, EXTRA_MESSAGES.quantityMin)
  .max(EXTRA_LIMITS.quantity_max, EXTRA_MESSAGES.quantityMax);

/** `extras: [{ extra_id, quantity }]` of POST /api/quote and POST /api/guest-booking. */
export const extraSelectionSchema = z
  .array(
    z.object({
      extra_id: idField(EXTRA_MESSAGES.selectExtra).transform((id) => id.toLowerCase()),
      quantity: extraQuantityField,
    }),
  )
  .max(EXTRA_LIMITS.extras_per_request_max, EXTRA_MESSAGES.tooManyExtras)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      if (seen.has(line.extra_id)) {
        ctx.addIssue({
          code: 'custom',
          message: EXTRA_MESSAGES.extraTwice,
          path: [index, 'extra_id'],
        });
      }
      seen.add(line.extra_id);
    });
  });
export type ExtraSelection = z.output<typeof extraSelectionSchema>;

/** GET /api/extras (staff): the whole catalogue, active ones first. */
export const extraListResponseSchema = z.object({ data: z.array(extraSchema) });

/**
 * GET /api/public/extras: what a guest may pick on the booking form (guest-bookable and active),
 * without the catalogue's internal flags.
 */
export const publicExtraSchema = extraSchema.pick({
  extra_id: true,
  name: true,
  price: true,
  charge_per: true,
  tax_treatment: true,
});
export type PublicExtra = z.output<typeof publicExtraSchema>;
export const publicExtraListResponseSchema = z.object({ data: z.array(publicExtraSchema) });

/**
 * One priced extra of a quote (POST /api/quote `extras`): `units` = quantity × nights and/or
 * guests as charge_per says, `amount` what the guest pays for it (VAT and local tax added when
 * VATable, under the tax mode), `vat` and `local_tax` the parts of it that are tax.
 */
export const quoteExtraLineSchema = z.object({
  extra_id: z.string(),
  name: z.string(),
  charge_per: z.enum(EXTRA_CHARGE_PER),
  quantity: z.number().int(),
  units: z.number().int(),
  unit_price: z.number(),
  amount: z.number(),
  vat: z.number(),
  local_tax: z.number(),
});
export type QuoteExtraLine = z.output<typeof quoteExtraLineSchema>;

/** The id of an extra in a path: any text; one that is not a uuid is an extra that does not exist. */
export const extraIdParamsSchema = z.object({ id: z.string().max(100) });

export const EXTRA_CATALOGUE_MESSAGES = {
  notFound: 'Extra not found',
  duplicateName: 'An extra with this name already exists',
  nothingToUpdate: 'Nothing to update: send at least one field of the extra',
  manageDenied: 'Only managers, owners and administrators can change the extras catalogue.',
} as const;
