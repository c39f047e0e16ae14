import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { ROLES, hasRoleAtLeast, type Role } from '../../src/domain/constants';
import {
  CookieJar,
  createUserWithRole,
  injectWithJar,
  signIn,
  signInAs,
  type SignedIn,
  type TestUser,
} from './auth';
import type { TestApp } from './test-app';
import { totpFromUri } from './totp';

/**
 * The role matrix (issue 16, DESIGN §5 "Who may do what"): every route of the app, called by
 * anonymous and by each role with real ids and a valid body, and the exact answer expected of
 * each: 401 for anonymous, 403 below the route's minimum, the route's own 2xx at or above it.
 *
 * A route is a `MatrixRoute`: its method and pattern as the route table names them, who may call
 * it, the status it answers those it lets in, and `request(caller)`, which builds one caller's
 * request. A call that changes something (a delete, a status change, a sign-out, turning on
 * two-factor) gets records or an account of its own from `request`, so no allowed call depends on
 * another. A refused caller sends an allowed caller's request, before it.
 */

export type Caller = 'anonymous' | Role;
/** Lowest rank first, so a failure reads as the line where the answer changes. */
export const CALLERS: readonly Caller[] = ['anonymous', ...[...ROLES].reverse()];

/** `public`: anyone, signed in or not; `signed-in`: any role; a role: that rank and above. */
export type Access = 'public' | 'signed-in' | Role;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type MatrixRequest = {
  /** The concrete address: the pattern with real ids. */
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** Call with this session (a fresh account of the caller's role) instead of the shared one. */
  session?: SignedIn;
  /** Cookies sent besides the session's (a pending two-factor sign-in). */
  cookies?: string;
};

export type MatrixRoute = {
  method: Method;
  /** The route's pattern exactly as the route table lists it. */
  url: string;
  access: Access;
  /** The answer of a caller the route lets in. */
  status: number;
  /** Callers whose answer breaks the rule above (a known defect, say), each explained in `note`. */
  except?: Partial<Record<Caller, number>>;
  /** Why `status` is not a 2xx, or why `except` is there: required for either. */
  note?: string;
  /** A Server-Sent Events stream: only the status is read, then the stream is closed. */
  stream?: boolean;
  /** One allowed caller's request (its own records where the call changes them). */
  request(caller: Caller): MatrixRequest | Promise<MatrixRequest>;
};

/** A GET that answers 200 to those it lets in; `path` is the address called (default `url`). */
export function getRoute(
  url: string,
  access: Access,
  path: string | (() => string) = url,
): MatrixRoute {
  return {
    method: 'GET',
    url,
    access,
    status: 200,
    request: () => ({ url: typeof path === 'string' ? path : path() }),
  };
}

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** Whether the route's guard turns the caller away (401 or 403). */
export function isRefused(route: MatrixRoute, caller: Caller): boolean {
  if (route.access === 'public') return false;
  if (caller === 'anonymous') return true;
  return route.access !== 'signed-in' && !hasRoleAtLeast(caller, route.access);
}

/** A signed-in caller's role: on a route that refuses anonymous, anonymous builds no request. */
export function roleOf(caller: Caller): Role {
  if (caller === 'anonymous') throw new Error('a refused caller sends an allowed one’s request');
  return caller;
}

export function expectedStatus(route: MatrixRoute, caller: Caller): number {
  const exception = route.except?.[caller];
  if (exception !== undefined) return exception;
  if (!isRefused(route, caller)) return route.status;
  return caller === 'anonymous' ? 401 : 403;
}

export type Account = SignedIn & { account: TestUser };

/** The signed-in side of the matrix: one shared session per role, and fresh accounts on demand. */
export class MatrixSessions {
  private constructor(
    private readonly t: TestApp,
    private readonly shared: ReadonlyMap<Role, Account>,
  ) {}

  static async create(t: TestApp): Promise<MatrixSessions> {
    const shared = new Map<Role, Account>();
    for (const role of ROLES) shared.set(role, await signInAs(t, role));
    return new MatrixSessions(t, shared);
  }

  /** The role's shared session, for calls that leave the session and the account as they were. */
  of(role: Role): Account {
    return this.shared.get(role)!;
  }

  /** Another session of the role's shared account: for a call that ends only that session. */
  again(role: Role): Promise<SignedIn> {
    const { account } = this.of(role);
    return signIn(this.t, account.email, account.password);
  }

  /** A new account of `role`, signed in: for calls that change the account itself. */
  fresh(role: Role): Promise<Account> {
    return signInAs(this.t, role);
  }

  /** A fresh account between the two steps of turning two-factor on: enabled, not confirmed. */
  async twoFactorStarted(role: Role): Promise<Account & { totpUri: string }> {
    const session = await this.fresh(role);
    const response = await session.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      payload: { password: session.account.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    return Object.assign(session, { totpUri: (response.json() as { totp_uri: string }).totp_uri });
  }

  /** A fresh account with two-factor on, still signed in (its session was renewed by confirm). */
  async twoFactorOn(role: Role): Promise<Account & { totpUri: string }> {
    const session = await this.twoFactorStarted(role);
    const response = await session.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      payload: { code: totpFromUri(session.totpUri) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return session;
  }

  /**
   * The first step of a two-factor sign-in of `account` done (password accepted, code still to
   * come): the pending sign-in's cookie and the account's current code.
   */
  async twoFactorSignInStarted(
    account: Account & { totpUri: string },
  ): Promise<{ cookies: string; code: string }> {
    const { totpUri } = account;
    const jar = new CookieJar();
    const response = await injectWithJar(this.t, jar, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: account.account.email, password: account.account.password },
    });
    expect(response.json()).toEqual({ two_factor_required: true });
    return { cookies: jar.header(), code: totpFromUri(totpUri) };
  }

  /** A user of `role` without a session (the target of an administrator's change, say). */
  user(role: Role): Promise<TestUser> {
    return createUserWithRole(this.t, role);
  }
}

async function send(
  t: TestApp,
  sessions: MatrixSessions,
  route: MatrixRoute,
  caller: Caller,
  request: MatrixRequest,
): Promise<{ statusCode: number; body: string }> {
  const session = caller === 'anonymous' ? undefined : (request.session ?? sessions.of(caller));
  const cookie = [session?.jar.header(), request.cookies].filter(Boolean).join('; ');
  const headers = {
    ...(cookie ? { cookie } : {}),
    ...(session ? { 'x-csrf-token': session.csrf } : {}),
    ...request.headers,
  };
  const options = {
    method: route.method,
    url: request.url,
    headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  };
  if (!route.stream) return t.app.inject(options);
  // A stream never ends by itself: close an accepted one, read a refusal to its end.
  const response: LightMyRequestResponse = await t.app.inject({
    ...options,
    payloadAsStream: true,
  });
  const stream = response.stream();
  let body = '';
  if (response.statusCode === 200) stream.destroy();
  else for await (const chunk of stream) body += String(chunk);
  return { statusCode: response.statusCode, body };
}

/**
 * One test per route: every caller's request, then every caller's answer compared at once, so a
 * failure shows the whole row (and the bodies of the answers that were not expected).
 */
export function itCallsEveryRole(
  routes: readonly MatrixRoute[],
  context: () => { t: TestApp; sessions: MatrixSessions },
): void {
  for (const route of routes) {
    it(`${routeKey(route)} (${route.access}: ${route.status})`, async () => {
      const { t, sessions } = context();
      const answers: Partial<Record<Caller, number>> = {};
      const expected: Partial<Record<Caller, number>> = {};
      const surprises: string[] = [];
      // Each caller the route lets in gets a request of its own; they are independent of each
      // other, so they are made side by side. The callers it refuses come first (lowest rank
      // first) and send the first allowed caller's request with their own session: a refusal
      // must leave its records as they were, for the allowed call that follows to succeed.
      const own = await Promise.all(
        CALLERS.map((caller) => (isRefused(route, caller) ? undefined : route.request(caller))),
      );
      const firstAllowed = own.find((request) => request !== undefined)!;
      for (const [index, caller] of CALLERS.entries()) {
        const request = own[index] ?? { ...firstAllowed, session: undefined };
        const response = await send(t, sessions, route, caller, request);
        answers[caller] = response.statusCode;
        expected[caller] = expectedStatus(route, caller);
        if (answers[caller] !== expected[caller]) {
          surprises.push(`${caller} → ${response.statusCode} ${response.body.slice(0, 300)}`);
        }
      }
      expect(answers, surprises.join('\n')).toEqual(expected);
    });
  }
}

/**
 * The matrix lists every route the app registers, once, and nothing else; and a route whose
 * allowed answer is not a 2xx, or that has an exception, says why.
 */
export function expectMatrixCoversRouteTable(t: TestApp, routes: readonly MatrixRoute[]): void {
  const listed = routes.map(routeKey);
  const registered = t.app
    .routeTable()
    .filter((route) => route.method !== 'OPTIONS')
    .map(routeKey);
  const registeredKeys = new Set(registered);
  const listedKeys = new Set(listed);
  expect(
    registered.filter((key) => !listedKeys.has(key)),
    'add these routes to the role matrix',
  ).toEqual([]);
  expect(
    listed.filter((key) => !registeredKeys.has(key)),
    'the role matrix names routes that do not exist',
  ).toEqual([]);
  expect(
    listed.filter((key, index) => listed.indexOf(key) !== index),
    'the role matrix lists these routes twice',
  ).toEqual([]);
  expect(
    routes
      .filter((route) => (route.status < 200 || route.status > 299 || route.except) && !route.note)
      .map(routeKey),
    'an allowed answer that is not a 2xx, or an exception, needs a note saying why',
  ).toEqual([]);
}
