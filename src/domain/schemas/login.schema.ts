import { z } from 'zod';
import { MESSAGES, REQUIRED, maxLengthMessage } from '../messages';
import { emailField } from './common.schema';

/** SPEC §5 "Login": e-mail and password required. DESIGN §5 POST /api/auth/sign-in. */
export const loginSchema = z.object({
  email: emailField(MESSAGES.validEmail),
  // Never trimmed or sanitised: a password is compared byte for byte.
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(256, maxLengthMessage(256)),
});
export type LoginInput = z.input<typeof loginSchema>;
export type Login = z.output<typeof loginSchema>;
