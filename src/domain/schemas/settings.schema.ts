import { z } from 'zod';
import { isValidTimeZone } from '../dates';
import { DEPOSIT_MODES, depositSettingsSchema } from '../deposit';
import { pricingSettingsSchema, seasonSchema } from '../pricing';
import { sanitizeEmail, sanitizePhone, sanitizeText } from '../sanitize';
import { accessSettingsSchema, channelSettingsSchema, generalSettingsSchema } from '../settings';
import { billingPatchSchema, billingSettingsSchema } from './document.schema';
import { messagesPatchSchema, messagesSettingsSchema } from './message.schema';
import {
  paymentInstructionsPatchSchema,
  paymentInstructionsResponseSchema,
} from './payment-instructions.schema';

/** PATCH /api/settings and GET /api/settings (DESIGN §3: General and Pricing tabs). */

export const TIME_ZONE_MESSAGE = 'Please choose a valid time zone (for example Asia/Manila)';

export const DEPOSIT_MESSAGES = {
  mode: 'Choose a percentage of the total, the first night or the full amount',
  percent: 'The deposit must be a whole percentage from 1 to 100',
  days: 'Days before arrival must be a whole number from 0 (at check-in) to 365',
} as const;

/** Issue 17 `pricing.deposit` (deposit.ts): any of its fields, with the form's messages. */
const depositPatchSchema = z
  .object({
    mode: z.enum(DEPOSIT_MODES, { error: DEPOSIT_MESSAGES.mode }),
    percent: z
      .number({ error: DEPOSIT_MESSAGES.percent })
      .int(DEPOSIT_MESSAGES.percent)
      .min(1, DEPOSIT_MESSAGES.percent)
      .max(100, DEPOSIT_MESSAGES.percent),
    balance_due_days_before_arrival: z
      .number({ error: DEPOSIT_MESSAGES.days })
      .int(DEPOSIT_MESSAGES.days)
      .min(0, DEPOSIT_MESSAGES.days)
      .max(365, DEPOSIT_MESSAGES.days),
  })
  .partial()
  .strict();

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
    deposit: depositPatchSchema,
  })
  .partial()
  .strict();

export const accessPatchSchema = accessSettingsSchema.partial().strict();

export const channelsPatchSchema = channelSettingsSchema.partial().strict();

export const settingsPatchSchema = z
  .object({
    general: generalPatchSchema.optional(),
    pricing: pricingPatchSchema.optional(),
    access: accessPatchSchema.optional(),
    payment_instructions: paymentInstructionsPatchSchema.optional(),
    channels: channelsPatchSchema.optional(),
    /** Issue 18: Settings → Messages (owners and administrators). */
    messages: messagesPatchSchema.optional(),
    /** Issue 20: Settings → Billing, the seller profile and mode (owners and administrators). */
    billing: billingPatchSchema.optional(),
  })
  .strict()
  .refine(
    (body) =>
      Object.keys(body.general ?? {}).length +
        Object.keys(body.pricing ?? {}).length +
        Object.keys(body.access ?? {}).length +
        Object.keys(body.payment_instructions ?? {}).length +
        Object.keys(body.channels ?? {}).length +
        Object.keys(body.messages ?? {}).length +
        Object.keys(body.billing ?? {}).length >
      0,
    'Nothing to update: send general, pricing, access, payment_instructions, channels, messages or billing settings',
  );
export type SettingsPatch = z.output<typeof settingsPatchSchema>;

/** Issue 17: the pricing settings carry the deposit rule (deposit.ts). */
export const pricingWithDepositSchema = pricingSettingsSchema.extend({
  deposit: depositSettingsSchema,
});

export const settingsResponseSchema = z.object({
  general: generalSettingsSchema,
  pricing: pricingWithDepositSchema,
  access: accessSettingsSchema,
  payment_instructions: paymentInstructionsResponseSchema,
  channels: channelSettingsSchema,
  messages: messagesSettingsSchema,
  billing: billingSettingsSchema,
});
export type ResortSettings = z.infer<typeof settingsResponseSchema>;
