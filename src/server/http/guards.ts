import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasRoleAtLeast, isRole, type Role } from '../../domain/constants';
import { authCookieName, SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from '../auth/auth';
import { authHeaders, forwardSetCookies, setCookiesOf } from '../auth/auth-headers';
import { findActiveRole, findFreshSessionActor } from '../auth/auth.repository';
import { forbidden, unauthorized } from '../errors';
import { PERMISSION_MESSAGES } from '../../domain/permissions';

/** The signed-in member of staff behind a request (SPEC §6: one active role). */
export type Actor = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  sessionId: string;
  expiresAt: Date;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireSession/requireRole (and the CSRF hook) once the session is loaded. */
    actor: Actor | null;
  }
}

/** SPEC §6's default denial; routes may pass their own (e.g. the audit trail's). */
export const DEFAULT_FORBIDDEN_MESSAGE = PERMISSION_MESSAGES.default;

const loaded = new WeakMap<FastifyRequest, Promise<Actor | null>>();

/**
 * The request's actor, loaded once per request: better-auth's session from the database (no
 * cookie cache, so a revoked session ends at once) and the active role from app_roles. A session
 * whose user has no active role is no session. better-auth's refreshed cookie, or its removal of
 * an expired one, is passed on to the browser.
 */
export function loadActor(request: FastifyRequest, reply: FastifyReply): Promise<Actor | null> {
  let actor = loaded.get(request);
  if (!actor) {
    actor = resolveActor(request, reply).then((found) => {
      request.actor = found;
      return found;
    });
    loaded.set(request, actor);
  }
  return actor;
}

/**
 * The session token a signed cookie carries, when its signature is ours: the same HMAC-SHA256
 * (standard base64) better-auth signs it with. Null for a missing, malformed or forged cookie.
 */
export function verifiedSessionToken(cookie: string | undefined, secret: string): string | null {
  if (!cookie) return null;
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return null;
  const token = cookie.slice(0, dot);
  const given = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The common case in one query: a live session that better-auth would not refresh yet (it
 * refreshes once SESSION_UPDATE_AGE_SECONDS have passed since it last did), with its user and
 * active role. Anything else — expired, revoked, due for a refresh, no active role, a cookie we
 * cannot verify — returns undefined and takes better-auth's own path, which refreshes the session
 * or clears the cookie. Nothing is cached, so a revoked session or role still ends at once.
 */
async function freshActor(request: FastifyRequest, cookie: string): Promise<Actor | undefined> {
  const { config, database } = request.server.deps;
  const token = verifiedSessionToken(cookie, config.sessionSecret);
  if (!token) return undefined;
  const now = Date.now();
  const row = await findFreshSessionActor(
    database,
    token,
    new Date(now),
    // Not yet due for a refresh: expires_at - expiresIn + updateAge > now.
    new Date(now + (SESSION_MAX_AGE_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000),
  );
  if (!row || !isRole(row.role)) return undefined;
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    role: row.role,
    sessionId: row.session_id,
    expiresAt: new Date(row.expires_at),
  };
}

async function resolveActor(request: FastifyRequest, reply: FastifyReply): Promise<Actor | null> {
  const { auth, config, database } = request.server.deps;
  const cookie = request.cookies?.[authCookieName(config, 'session_token')];
  // Anonymous requests never reach the database.
  if (!cookie) return null;
  const fresh = await freshActor(request, cookie);
  if (fresh) return fresh;
  let result;
  try {
    result = await auth.api.getSession({ headers: authHeaders(request), returnHeaders: true });
  } catch (error) {
    // better-auth answers a session it cannot read or refresh with an APIError: no session.
    if ((error as { statusCode?: unknown }).statusCode === 401) return null;
    throw error;
  }
  forwardSetCookies(reply, setCookiesOf(result.headers));
  const data = result.response;
  if (!data) return null;
  const role = await findActiveRole(database.db, data.user.id);
  if (!role) return null;
  return {
    userId: data.user.id,
    email: data.user.email,
    name: data.user.name,
    role,
    sessionId: data.session.id,
    expiresAt: new Date(data.session.expiresAt),
  };
}

/** The actor of a request that passed a guard; throws 401 for a route that forgot its guard. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Any signed-in account, housekeeping included: 401 "Authentication required. Please sign in."
 * otherwise. Only for the account's own endpoints (session, sign-out, password, two-factor,
 * profile); everything else of the back office is `requireStaff()` or a higher role.
 * Use as the route's `onRequest` hook, so authentication is decided before the body is validated
 * (a caller without the right never learns what a valid body looks like).
 */
export function requireSession(): Guard {
  return async (request, reply) => {
    const actor = await loadActor(request, reply);
    if (!actor) throw unauthorized();
  };
}

/**
 * SPEC §6: passes when the actor's rank is at or above `role` (admin 5 … staff 2, housekeeping
 * 1); else 403. A housekeeping account turned away is told it may use only the housekeeping
 * board (issue 22), whatever the route's own words.
 */
export function requireRole(role: Role, message: string = DEFAULT_FORBIDDEN_MESSAGE): Guard {
  return async (request, reply) => {
    const actor = await loadActor(request, reply);
    if (!actor) throw unauthorized();
    if (hasRoleAtLeast(actor.role, role)) return;
    throw forbidden(actor.role === 'housekeeping' ? PERMISSION_MESSAGES.housekeepingOnly : message);
  };
}

/** Any member of staff (staff and up): the back office. A housekeeping account gets 403. */
export function requireStaff(): Guard {
  return requireRole('staff');
}

/** Declares request.actor at the root so every route sees it (null until a guard loads it). */
export function installActorContext(app: FastifyInstance): void {
  app.decorateRequest('actor', null);
}
