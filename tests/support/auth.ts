import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '../../src/domain/constants';
import { createStaffUser } from '../../src/server/auth/users.service';
import type { TestApp } from './test-app';

/**
 * Signing in through the real HTTP contract (DESIGN §5) for integration tests:
 *
 *   const admin = await signInAs(t, 'admin');
 *   const res = await admin.inject({ method: 'PATCH', url: '/api/settings', payload: {...} });
 *
 * `inject` sends the session cookie and the CSRF token and keeps the cookie jar up to date.
 */

export type TestUser = { id: string; email: string; password: string; name: string; role: Role };

let sequence = 0;

/** A staff account made the way `npm run user:create` makes one. */
export async function createUserWithRole(
  t: TestApp,
  role: Role,
  overrides: Partial<Pick<TestUser, 'email' | 'name' | 'password'>> = {},
): Promise<TestUser> {
  sequence += 1;
  const tag = `${sequence}${randomBytes(3).toString('hex')}`;
  const email = overrides.email ?? `${role}-${tag}@resort.test`;
  const password = overrides.password ?? `correct horse ${tag} battery`;
  const name = overrides.name ?? `Test ${role[0]!.toUpperCase()}${role.slice(1)} ${tag}`;
  const user = await createStaffUser(t.app.deps.auth, t.database, { email, password, name, role });
  return { id: user.id, email: user.email, password, name: user.name, role };
}

/** Cookies as a browser keeps them: Set-Cookie updates, Max-Age=0 removes. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  update(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, val] = attribute.trim().split('=');
        if (key?.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key?.toLowerCase() === 'expires') return new Date(val ?? '').getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.set(name, value);
    return copy;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type InjectInput = {
  method: Method;
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  remoteAddress?: string;
};

export type SignedIn = {
  user: { id: string; email: string; name: string; role: Role };
  jar: CookieJar;
  /** The Cookie header to send now. */
  readonly cookie: string;
  /** The CSRF token (GET /api/auth/csrf) for X-CSRF-Token. */
  csrf: string;
  /** Cookie and CSRF headers, plus any extra. */
  headers(extra?: Record<string, string>): Record<string, string>;
  /** app.inject with this session's cookie and CSRF token; keeps the jar up to date. */
  inject(input: InjectInput): Promise<LightMyRequestResponse>;
  /** Fetches a new CSRF token (after the session changed, say). */
  refreshCsrf(): Promise<string>;
};

/** One request with a cookie jar: the jar learns whatever the answer sets. */
export async function injectWithJar(
  t: TestApp,
  jar: CookieJar,
  input: InjectInput,
): Promise<LightMyRequestResponse> {
  const cookie = jar.header();
  const response = await t.app.inject({
    method: input.method,
    url: input.url,
    ...(input.payload !== undefined ? { payload: input.payload } : {}),
    ...(input.remoteAddress ? { remoteAddress: input.remoteAddress } : {}),
    headers: { ...(cookie ? { cookie } : {}), ...input.headers },
  });
  jar.update(response);
  return response;
}

export async function fetchCsrfToken(t: TestApp, jar: CookieJar): Promise<string> {
  const response = await injectWithJar(t, jar, { method: 'GET', url: '/api/auth/csrf' });
  if (response.statusCode !== 200) {
    throw new Error(`GET /api/auth/csrf answered ${response.statusCode}: ${response.body}`);
  }
  return (response.json() as { token: string }).token;
}

/** A session for a jar that already holds a session cookie. */
export async function sessionFromJar(
  t: TestApp,
  jar: CookieJar,
  user: SignedIn['user'],
): Promise<SignedIn> {
  const session: SignedIn = {
    user,
    jar,
    get cookie() {
      return jar.header();
    },
    csrf: await fetchCsrfToken(t, jar),
    headers(extra = {}) {
      return { cookie: jar.header(), 'x-csrf-token': session.csrf, ...extra };
    },
    inject(input) {
      return injectWithJar(t, jar, {
        ...input,
        headers: { 'x-csrf-token': session.csrf, ...input.headers },
      });
    },
    async refreshCsrf() {
      session.csrf = await fetchCsrfToken(t, jar);
      return session.csrf;
    },
  };
  return session;
}

/** Signs in through POST /api/auth/sign-in and fetches a CSRF token; throws unless it worked. */
export async function signIn(
  t: TestApp,
  email: string,
  password: string,
  options: { remoteAddress?: string; userAgent?: string } = {},
): Promise<SignedIn> {
  const jar = new CookieJar();
  const response = await injectWithJar(t, jar, {
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
  });
  const body = response.json() as { user?: SignedIn['user'] };
  if (response.statusCode !== 200 || !body.user) {
    throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  }
  return sessionFromJar(t, jar, body.user);
}

/** A new account of `role`, signed in. */
export async function signInAs(
  t: TestApp,
  role: Role,
  overrides: Partial<Pick<TestUser, 'email' | 'name' | 'password'>> = {},
): Promise<SignedIn & { account: TestUser }> {
  const account = await createUserWithRole(t, role, overrides);
  const session = await signIn(t, account.email, account.password);
  return Object.assign(session, { account });
}
