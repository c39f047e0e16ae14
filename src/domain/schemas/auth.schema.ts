import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants';
import { maxLengthMessage, minLengthMessage, REQUIRED } from '../messages';

/** Request and response shapes of /api/auth/* (DESIGN §5). Responses never carry a token. */

/** A password as typed: never trimmed or sanitised (it is compared byte for byte). */
export const passwordInput = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .max(PASSWORD_MAX_LENGTH, maxLengthMessage(PASSWORD_MAX_LENGTH));

/** A new password: at least 12 characters (issue 3, better-auth's minPasswordLength). */
export const newPasswordInput = z
  .string({ error: REQUIRED })
  .min(PASSWORD_MIN_LENGTH, minLengthMessage(PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH, maxLengthMessage(PASSWORD_MAX_LENGTH));

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
});

export const signInResponseSchema = z.union([
  z.object({ user: sessionUserSchema }),
  z.object({ two_factor_required: z.literal(true) }),
]);

export type SessionUser = z.infer<typeof sessionUserSchema>;

export const codeBodySchema = z.object({
  code: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64, maxLengthMessage(64)),
});

export const passwordBodySchema = z.object({ password: passwordInput });

export const changePasswordBodySchema = z.object({
  current_password: passwordInput,
  new_password: newPasswordInput,
});

export const sessionResponseSchema = z.object({
  user: sessionUserSchema,
  expires_at: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const csrfResponseSchema = z.object({ token: z.string(), expires_at: z.string() });

export const securityResponseSchema = z.object({
  password_changed_at: z.string().nullable(),
  two_factor_enabled: z.boolean(),
});

export type SecurityInfo = z.infer<typeof securityResponseSchema>;

export const twoFactorSetupResponseSchema = z.object({
  totp_uri: z.string(),
  /** An SVG document (markup) of the QR code; the web app shows it as an image. */
  qr_svg: z.string(),
  backup_codes: z.array(z.string()),
});

export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorStatusSchema = z.object({ two_factor_enabled: z.boolean() });

export const sessionListResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      created_at: z.string(),
      expires_at: z.string(),
      ip_address: z.string().nullable(),
      user_agent: z.string().nullable(),
      current: z.boolean(),
    }),
  ),
});

export type ActiveSession = z.infer<typeof sessionListResponseSchema>['data'][number];

export const sessionIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const successSchema = z.object({ success: z.literal(true) });
