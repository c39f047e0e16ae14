import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { LIMITS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../../../domain/constants';
import { MESSAGES, REQUIRED, maxLengthMessage, minLengthMessage } from '../../../domain/messages';
import { emailField } from '../../../domain/schemas/common.schema';
import { apiPost } from '../../lib/api';
import { usersQueryKey } from './get-users';

/** The fields POST /api/users takes, with the messages the server gives for the same rules. */
export const createUserSchema = z.object({
  email: emailField(MESSAGES.validEmail),
  name: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .min(LIMITS.name_min, minLengthMessage(LIMITS.name_min))
    .max(LIMITS.name_max, maxLengthMessage(LIMITS.name_max)),
  password: z
    .string()
    .min(1, REQUIRED)
    .min(PASSWORD_MIN_LENGTH, minLengthMessage(PASSWORD_MIN_LENGTH))
    .max(PASSWORD_MAX_LENGTH, maxLengthMessage(PASSWORD_MAX_LENGTH)),
  role: z.enum(ROLES, { error: 'Please choose a role' }),
});
export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUser = z.output<typeof createUserSchema>;

/** POST /api/users (administrators). */
export function createUser(input: CreateUser): Promise<unknown> {
  return apiPost<unknown>('/api/users', input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
