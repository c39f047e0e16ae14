import { z } from 'zod';

/** DESIGN §2 and §5: the bot challenge's public answers (`/api/captcha/*`). */

export const CAPTCHA_PROVIDERS = ['altcha', 'turnstile', 'none'] as const;

/** `GET /api/captcha/config`: ALTCHA by default, Turnstile when configured, none only in tests. */
export const captchaConfigSchema = z.object({
  provider: z.enum(CAPTCHA_PROVIDERS),
  site_key: z.string().optional(),
});
export type CaptchaConfig = z.infer<typeof captchaConfigSchema>;
export type CaptchaProvider = CaptchaConfig['provider'];

/** `GET /api/captcha/challenge`: the ALTCHA widget's challenge (altcha-lib v2, the widget v3). */
export const altchaChallengeSchema = z.object({
  // Every field of altcha-lib's ChallengeParameters: the signature covers all of them.
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    /** Unix seconds. */
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;
export type AltchaChallengeParameters = AltchaChallenge['parameters'];
