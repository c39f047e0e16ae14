import { z } from 'zod';
import { LIMITS, ROLES } from '../constants';
import { maxLengthMessage, MESSAGES, minLengthMessage, REQUIRED } from '../messages';
import { sanitizeName } from '../sanitize';
import { newPasswordInput } from './auth.schema';
import { emailField, listResponseSchema } from './common.schema';

/** Users and roles (admin) and the profile (anyone signed in): DESIGN §3 and §5. */

export const ROLE_MESSAGE = `Please choose a role: ${ROLES.join(', ')}`;

/** A person's name: sanitised (SPEC §5 names), 2 to 100 characters after sanitising. */
export const staffNameField = z
  .string({ error: REQUIRED })
  .max(LIMITS.name_max * 2, maxLengthMessage(LIMITS.name_max))
  .transform((value) => sanitizeName(value))
  .pipe(
    z
      .string()
      .min(LIMITS.name_min, minLengthMessage(LIMITS.name_min))
      .max(LIMITS.name_max, maxLengthMessage(LIMITS.name_max)),
  );

const roleField = z.enum(ROLES, { error: ROLE_MESSAGE });

export const createUserBodySchema = z.object({
  email: emailField(MESSAGES.validEmail),
  name: staffNameField,
  password: newPasswordInput,
  role: roleField,
});
export type CreateUserInput = z.output<typeof createUserBodySchema>;

export const updateUserBodySchema = z
  .object({
    role: roleField.optional(),
    is_active: z.boolean({ error: 'Must be true or false' }).optional(),
    name: staffNameField.optional(),
  })
  .strict()
  .refine(
    (body) => body.role !== undefined || body.is_active !== undefined || body.name !== undefined,
    'Nothing to update: send role, is_active or name',
  );
export type UpdateUserInput = z.output<typeof updateUserBodySchema>;

export const userIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const listUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
});

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES).nullable(),
  is_active: z.boolean(),
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type UserDto = z.infer<typeof userSchema>;

export const userListResponseSchema = listResponseSchema(userSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const profileBodySchema = z.object({ name: staffNameField }).strict();
