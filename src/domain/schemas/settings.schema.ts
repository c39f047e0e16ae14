import { z } from 'zod';
import { isValidTimeZone } from '../dates';
import { pricingSettingsSchema, seasonSchema } from '../pricing';
import { sanitizeEmail, sanitizePhone, sanitizeText } from '../sanitize';
import { accessSettingsSchema, generalSettingsSchema } from '../settings';

/** PATCH /api/settings and GET /api/settings (DESIGN §3: General and Pricing tabs). */

export const TIME_ZONE_MESSAGE = 'Please choose a valid time zone (for example Asia/Manila)';

const general = generalSettingsSchema.shape;

/** Free text is sanitised (SPEC §5) before the merged settings are validated again. */
export const generalPatchSchema = z
  .object({
    ...general,
    resort_name: general.resort_name.transform((value) => sanitizeText(value, 100)),
    tagline: general.tagline.transform((value) => sanitizeText(value, 200)),
    address: general.address.transform((value) => sanitizeText(value, 300)),
    contact_email: general.contact_email.transform((value) => sanitizeEmail(value)),
    contact_phone: general.contact_phone.transform((value) => sanitizePhone(value)),
    timezone: general.timezone.refine(isValidTimeZone, TIME_ZONE_MESSAGE),
  })
  .partial()
  .strict();

const pricing = pricingSettingsSchema.shape;

export const pricingPatchSchema = z
  .object({
    ...pricing,
    seasons: z
      .array(
        seasonSchema.extend({
          name: seasonSchema.shape.name.transform((value) => sanitizeText(value, 50)),
        }),
      )
      .max(50),
  })
  .partial()
  .strict();

export const accessPatchSchema = accessSettingsSchema.partial().strict();

export const settingsPatchSchema = z
  .object({
    general: generalPatchSchema.optional(),
    pricing: pricingPatchSchema.optional(),
    access: accessPatchSchema.optional(),
  })
  .strict()
  .refine(
    (body) =>
      Object.keys(body.general ?? {}).length +
        Object.keys(body.pricing ?? {}).length +
        Object.keys(body.access ?? {}).length >
      0,
    'Nothing to update: send general, pricing or access settings',
  );
export type SettingsPatch = z.output<typeof settingsPatchSchema>;

export const settingsResponseSchema = z.object({
  general: generalSettingsSchema,
  pricing: pricingSettingsSchema,
  access: accessSettingsSchema,
});
export type ResortSettings = z.infer<typeof settingsResponseSchema>;
