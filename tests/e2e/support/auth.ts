import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { demoAccount } from './accounts';
import type { Account, StaffRole } from './accounts';

/** Signs a request context in (its cookie jar keeps the session). */
export async function signInViaApi(request: APIRequestContext, account: Account): Promise<void> {
  const response = await request.post('/api/auth/sign-in', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), `sign-in of ${account.email}`).toBe(200);
  const body = (await response.json()) as { user?: unknown; two_factor_required?: boolean };
  expect(body.two_factor_required, `${account.email} must not need a second factor`).toBeFalsy();
}

/**
 * Signs a browser context in through the API: context.request shares the browser's cookies, so
 * the next page load is signed in. Returns the account used.
 */
export async function signInContext(
  context: BrowserContext,
  who: StaffRole | Account,
): Promise<Account> {
  const account = typeof who === 'string' ? demoAccount(who) : who;
  await signInViaApi(context.request, account);
  return account;
}

/** Same, for the page's context. */
export function signInPage(page: Page, who: StaffRole | Account): Promise<Account> {
  return signInContext(page.context(), who);
}

/** The session's CSRF token, for state-changing API calls (DESIGN §5). */
export async function csrfToken(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/auth/csrf');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A state-changing API call with the CSRF header, as the web app makes it. */
export async function apiSend(
  request: APIRequestContext,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
) {
  const headers = { 'X-CSRF-Token': await csrfToken(request) };
  return request.fetch(url, { method, headers, data });
}

/**
 * A new account for tests that lock, change or revoke things, made by the demo administrator
 * through POST /api/users. `request` is any API context: it is signed in as the administrator.
 */
export async function createThrowawayUser(
  request: APIRequestContext,
  role: StaffRole = 'staff',
  label = 'e2e',
): Promise<Account & { id: string }> {
  await signInViaApi(request, demoAccount('admin'));
  const suffix = randomBytes(4).toString('hex');
  const account = {
    role,
    email: `${label}-${suffix}@example.test`,
    password: `Pw-${randomBytes(9).toString('base64url')}`,
    name: `Test ${label} ${suffix}`,
  };
  const response = await apiSend(request, 'POST', '/api/users', {
    email: account.email,
    name: account.name,
    password: account.password,
    role,
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: { id: string } };
  return { ...account, id: body.data.id };
}
