import { useMutation } from '@tanstack/react-query';
import { apiPost, resetCsrfToken } from '../../lib/api';
import { parseSignInResult } from './sign-in';
import type { SessionUser } from './get-session';

/** POST /api/auth/two-factor/verify: the second step of a sign-in with TOTP. */
export async function verifyTwoFactor(code: string): Promise<SessionUser> {
  const body = await apiPost<unknown>('/api/auth/two-factor/verify', { code }, { skipCsrf: true });
  resetCsrfToken();
  const result = parseSignInResult(body);
  if (result.status !== 'signed-in') throw new Error('The code could not be verified.');
  return result.user;
}

export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: verifyTwoFactor,
    meta: { suppressErrorToast: true, expectUnauthorized: true },
  });
}
