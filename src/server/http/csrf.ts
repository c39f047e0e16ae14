import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { usesSecureCookies } from '../auth/auth';
import type { Config } from '../config';
import { forbidden, unauthorized } from '../errors';
import { loadActor, type Actor } from './guards';

/**
 * SPEC §5 CSRF and DESIGN §5: state-changing staff calls carry `X-CSRF-Token`, a random 64
 * hexadecimal token valid for 1 hour, issued by GET /api/auth/csrf to one session; and no
 * state-changing /api call is accepted from another origin (docs/decisions/0006-auth-library.md).
 *
 * The token lives in a signed, httpOnly cookie together with its issue time and the id of the
 * session it was issued to (a double-submit design bound to the session): another site can neither
 * read the cookie nor the token, a token of one session is worthless in another, and nothing is
 * stored on the server.
 */

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_TTL_MS = 60 * 60 * 1000;
/** GET /api/auth/csrf hands out the current token again while it has this long left. */
const CSRF_REUSE_MIN_REMAINING_MS = 15 * 60 * 1000;
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export const CSRF_MESSAGE = 'Invalid or missing CSRF token. Please refresh the page and try again.';
export const CROSS_ORIGIN_MESSAGE =
  'This request came from another website and was refused. Please use the resort app itself.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The state-changing routes that need no CSRF token, each with its reason. They still pass the
 * origin check. A pattern ending in "/*" covers everything under it.
 */
export const CSRF_EXEMPT_ROUTES: readonly { pattern: string; reason: string }[] = [
  { pattern: '/api/auth/sign-in', reason: 'no session exists yet' },
  { pattern: '/api/auth/two-factor/verify', reason: 'second step of sign-in; no session yet' },
  { pattern: '/api/guest-booking', reason: 'public guest flow (no session)' },
  { pattern: '/api/guest-booking/*', reason: 'public guest flow (no session)' },
  { pattern: '/api/quote', reason: 'public price quote (no session)' },
  { pattern: '/api/storage/upload/*', reason: 'signed upload token authorises it' },
  { pattern: '/api/captcha/*', reason: 'public bot challenge' },
  {
    pattern: '/api/public/unsubscribe/*',
    reason: 'signed unsubscribe token authorises it (RFC 8058 one-click from a mail provider)',
  },
];

export function isCsrfExempt(routeUrl: string): boolean {
  return CSRF_EXEMPT_ROUTES.some(({ pattern }) =>
    pattern.endsWith('/*')
      ? routeUrl.startsWith(pattern.slice(0, -1))
      : routeUrl === pattern || routeUrl === `${pattern}/`,
  );
}

export function csrfCookieName(config: Config): string {
  // __Host- pins the cookie to this host and path "/" and requires Secure.
  return usesSecureCookies(config) ? '__Host-resort.csrf' : 'resort.csrf';
}

type CsrfCookie = { token: string; issuedAt: number; sessionId: string };

function readCsrfCookie(request: FastifyRequest): CsrfCookie | null {
  const raw = request.cookies?.[csrfCookieName(request.server.deps.config)];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  const [token, issuedAt, sessionId, ...rest] = unsigned.value.split('|');
  if (rest.length > 0 || !token || !TOKEN_PATTERN.test(token) || !sessionId) return null;
  const issued = Number(issuedAt);
  if (!Number.isSafeInteger(issued)) return null;
  return { token, issuedAt: issued, sessionId };
}

function writeCsrfCookie(reply: FastifyReply, config: Config, value: CsrfCookie): void {
  const remaining = Math.max(0, value.issuedAt + CSRF_TTL_MS - Date.now());
  reply.setCookie(csrfCookieName(config), `${value.token}|${value.issuedAt}|${value.sessionId}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: usesSecureCookies(config),
    path: '/',
    maxAge: Math.floor(remaining / 1000),
  });
}

function isFresh(cookie: CsrfCookie, now: number): boolean {
  // A token "issued" in the future was not issued by this server's clock: refuse it.
  return cookie.issuedAt <= now + 60_000 && now - cookie.issuedAt < CSRF_TTL_MS;
}

/**
 * The session's CSRF token: the current one while it has at least 15 minutes left (so several tabs
 * share it), otherwise a new one.
 */
export function issueCsrfToken(
  request: FastifyRequest,
  reply: FastifyReply,
  actor: Actor,
): { token: string; expiresAt: Date } {
  const now = Date.now();
  const current = readCsrfCookie(request);
  if (
    current &&
    current.sessionId === actor.sessionId &&
    isFresh(current, now) &&
    current.issuedAt + CSRF_TTL_MS - now >= CSRF_REUSE_MIN_REMAINING_MS
  ) {
    return { token: current.token, expiresAt: new Date(current.issuedAt + CSRF_TTL_MS) };
  }
  const fresh = {
    token: randomBytes(32).toString('hex'),
    issuedAt: now,
    sessionId: actor.sessionId,
  };
  writeCsrfCookie(reply, request.server.deps.config, fresh);
  return { token: fresh.token, expiresAt: new Date(now + CSRF_TTL_MS) };
}

/**
 * Moves the request's CSRF token to the session that replaced the actor's (better-auth issues a
 * new session when the password or two-factor set-up changes), so the page's token keeps working.
 */
export function rebindCsrfToken(
  request: FastifyRequest,
  reply: FastifyReply,
  fromSessionId: string,
  toSessionId: string,
): void {
  const current = readCsrfCookie(request);
  if (!current || current.sessionId !== fromSessionId || !isFresh(current, Date.now())) return;
  writeCsrfCookie(reply, request.server.deps.config, { ...current, sessionId: toSessionId });
}

export function clearCsrfCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(csrfCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: usesSecureCookies(config),
  });
}

/** Whether the request carries a fresh token, issued to the actor's session, in the header. */
export function hasValidCsrfToken(request: FastifyRequest, actor: Actor): boolean {
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== 'string' || !TOKEN_PATTERN.test(header)) return false;
  const cookie = readCsrfCookie(request);
  if (!cookie || cookie.sessionId !== actor.sessionId || !isFresh(cookie, Date.now())) return false;
  return timingSafeEqual(Buffer.from(header, 'utf8'), Buffer.from(cookie.token, 'utf8'));
}

/** The app's own origin: PUBLIC_URL when set, else the scheme and Host the request arrived on. */
function ownOrigin(request: FastifyRequest, config: Config): string | null {
  try {
    return new URL(config.publicUrl ?? `${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

/**
 * False when the request's Origin (or, without one, its Referer) names another origin. Requests
 * with neither (curl, server-to-server) pass: a browser always sends Origin on a cross-origin
 * POST, and such callers still need a session and the CSRF token where it applies.
 */
export function isSameOriginRequest(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const claimed = typeof origin === 'string' && origin !== '' ? origin : referer;
  if (typeof claimed !== 'string' || claimed === '') return true;
  // "null" is an opaque origin (a sandboxed frame, a file): never our own page.
  if (claimed === 'null') return false;
  const own = ownOrigin(request, config);
  try {
    return own !== null && new URL(claimed).origin === own;
  } catch {
    return false;
  }
}

/**
 * The one hook (installed at the root, so every route registered later gets it): for POST, PUT,
 * PATCH and DELETE under /api/, refuse another origin (403); then, unless the route is in
 * CSRF_EXEMPT_ROUTES, require a session (401) and its CSRF token (403). It runs before the body is
 * validated and before the handler, so a refused request changes nothing.
 */
export function installCsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/')) return;
    if (!isSameOriginRequest(request, app.deps.config)) throw forbidden(CROSS_ORIGIN_MESSAGE);
    const route = request.routeOptions.url;
    // An unknown route answers 404 from the not-found handler; there is nothing to protect.
    if (route === undefined || isCsrfExempt(route)) return;
    const actor = await loadActor(request, reply);
    if (!actor) throw unauthorized();
    if (!hasValidCsrfToken(request, actor)) throw forbidden(CSRF_MESSAGE);
  });
}
