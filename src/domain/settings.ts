import { z } from 'zod';
import { depositSettingsSchema } from './deposit';
import { paymentInstructionsResponseSchema } from './schemas/payment-instructions.schema';
import {
  CHANNEL_SYNC_MINUTES,
  DEFAULT_GENERAL_SETTINGS,
  type GeneralSettings as PlainGeneralSettings,
  type PublicSettings as PlainPublicSettings,
} from './settings-defaults';

/** A time of day as HH:MM (24-hour clock). */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the 24-hour format HH:MM');

/**
 * The resort's general profile. Public pages (home, terms, privacy) render from it, so the
 * policy text always matches what staff configured. DESIGN §3: check-in 14:00 and check-out 12:00
 * are what guests are promised; SPEC §1 and §9 give office hours, quiet hours and minimum age.
 */
export const generalSettingsSchema = z.object({
  resort_name: z.string().trim().min(2).max(100),
  tagline: z.string().trim().max(200),
  address: z.string().trim().max(300),
  contact_email: z.string().trim().email('Please enter a valid email address'),
  contact_phone: z.string().trim().max(30),
  timezone: z.string().trim().min(1),
  check_in_time: timeOfDay,
  check_out_time: timeOfDay,
  office_hours_start: timeOfDay,
  office_hours_end: timeOfDay,
  quiet_hours_start: timeOfDay,
  quiet_hours_end: timeOfDay,
  minimum_guest_age: z.number().int().min(0).max(100),
  payment_verification_hours: z.number().int().min(1).max(240),
  proof_timeout_hours: z.number().int().min(1).max(72),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

// The zod-free type in settings-defaults.ts must describe exactly what the schema accepts.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesDefaults: Same<GeneralSettings, PlainGeneralSettings> = true;
void schemaMatchesDefaults;

export { DEFAULT_GENERAL_SETTINGS };

/**
 * What `GET /api/public/settings` answers: the general profile, the app version, and the tax
 * mode and rates of the pricing settings (issue 15: public prices say whether taxes are added);
 * issue 17: the deposit rule and how to pay, for the guest pages.
 */
export const publicSettingsSchema = generalSettingsSchema.extend({
  version: z.string(),
  tax_mode: z.enum(['exclusive', 'inclusive', 'none']),
  vat_rate: z.number(),
  local_tax_rate: z.number(),
  deposit: depositSettingsSchema,
  payment_instructions: paymentInstructionsResponseSchema,
  /** Issue 21 point 3: the guest form offers the non-refundable rate when it is on. */
  non_refundable: z.object({ enabled: z.boolean(), percent: z.number() }),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
const publicSchemaMatchesPlain: Same<PublicSettings, PlainPublicSettings> = true;
void publicSchemaMatchesPlain;

/**
 * Who sees what. Owners may keep the resort's revenue figures from the staff role: the server
 * then leaves them out of what it answers staff (the dashboard's revenue card and trend, a cabin's
 * revenue stats, a guest's total and average spent). Booking totals and balances stay: staff
 * collect payments.
 */
export const accessSettingsSchema = z.object({
  hide_revenue_from_staff: z.boolean(),
});
export type AccessSettings = z.infer<typeof accessSettingsSchema>;

export const DEFAULT_ACCESS_SETTINGS: AccessSettings = { hide_revenue_from_staff: false };

export const CHANNEL_SYNC_MESSAGE = `Enter a whole number of minutes from ${CHANNEL_SYNC_MINUTES.min} to ${CHANNEL_SYNC_MINUTES.max}`;

/**
 * Settings → General "Channel sync" (owners and administrators). Unset, the server's
 * CHANNEL_SYNC_MINUTES (default 15) applies.
 */
export const channelSettingsSchema = z.object({
  sync_minutes: z
    .number({ error: CHANNEL_SYNC_MESSAGE })
    .int(CHANNEL_SYNC_MESSAGE)
    .min(CHANNEL_SYNC_MINUTES.min, CHANNEL_SYNC_MESSAGE)
    .max(CHANNEL_SYNC_MINUTES.max, CHANNEL_SYNC_MESSAGE),
});
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;
