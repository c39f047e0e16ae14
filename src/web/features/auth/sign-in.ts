import { useMutation } from '@tanstack/react-query';
import type { Login } from '../../../domain/schemas/login.schema';
import { apiPost, resetCsrfToken } from '../../lib/api';
import { parseSession } from './get-session';
import type { SessionUser } from './get-session';

/** DESIGN §5: a user and the session cookie, or a request for the second factor. */
export type SignInResult =
  { status: 'signed-in'; user: SessionUser } | { status: 'two-factor-required' };

export function parseSignInResult(body: unknown): SignInResult {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const inner =
    typeof record.data === 'object' && record.data !== null
      ? (record.data as Record<string, unknown>)
      : record;
  if (inner.two_factor_required === true || inner.twoFactorRedirect === true) {
    return { status: 'two-factor-required' };
  }
  const session = parseSession({ user: inner.user, expires_at: inner.expires_at });
  if (!session) throw new Error('The server did not return the signed-in user.');
  return { status: 'signed-in', user: session.user };
}

/** POST /api/auth/sign-in. */
export async function signIn(input: Login): Promise<SignInResult> {
  // The session is about to change: the next state-changing call needs a fresh CSRF token.
  resetCsrfToken();
  const body = await apiPost<unknown>('/api/auth/sign-in', input, { skipCsrf: true });
  resetCsrfToken();
  return parseSignInResult(body);
}

export function useSignIn() {
  return useMutation({
    mutationFn: signIn,
    // The login page shows its own messages (SPEC §8), and a 401 here is a wrong password.
    meta: { suppressErrorToast: true, expectUnauthorized: true },
  });
}
