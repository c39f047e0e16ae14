import QRCode from 'qrcode';
import type { Role } from '../../domain/constants';
import type { AppDeps } from '../deps';
import { recordAppEvent, type AppEvent } from '../audit/audit-events.service';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../errors';
import type { AuditActor, RequestMeta } from '../http/request-context';
import { authCookieName } from './auth';
import { cookieValueFrom, keepOnlyCookies, setCookiesOf } from './auth-headers';
import { AUTH_MESSAGES } from './auth-messages';
import {
  deleteSessionByToken,
  deleteUserSession,
  deleteVerification,
  findActiveRole,
  findSecurityInfo,
  findSessionIdByToken,
  findTwoFactorChallengeUserId,
  findUserByEmail,
  findUserById,
  listActiveSessions,
  setPasswordChangedAt,
  type UserIdentity,
} from './auth.repository';
import {
  ADDRESS_LIMIT,
  LOCKOUT_LOOKBACK_MS,
  addressLimitedMessage,
  lockedMessage,
  lockedUntil,
  secondsUntil,
} from './lockout';
import {
  countAddressFailures,
  findRecentFailures,
  insertLoginAttempt,
  type LoginOutcome,
} from './login-attempts.repository';

/** What a service needs of the request: better-auth's headers and what the server saw. */
export type ClientContext = {
  headers: Headers;
  meta: RequestMeta;
  /** Called when an audit event could not be written (it never blocks the user: SPEC §8). */
  onAuditFailure?: (error: string) => void;
};

export type SessionUser = { id: string; email: string; name: string; role: Role };

type SessionActor = { userId: string; email: string; name: string; role: Role; sessionId: string };

// ---- helpers ----

/** The status and code of a better-auth APIError, or null for anything else. */
function authError(error: unknown): { status: number; code: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const status = (error as { statusCode?: unknown }).statusCode;
  const code = (error as { body?: { code?: unknown } }).body?.code;
  if (typeof status !== 'number') return null;
  return { status, code: typeof code === 'string' ? code : '' };
}

async function audit(
  deps: AppDeps,
  client: ClientContext,
  event: Omit<AppEvent, 'ipAddress' | 'userAgent' | 'correlationId'>,
): Promise<void> {
  const result = await recordAppEvent(deps, {
    ...event,
    ipAddress: client.meta.ipAddress,
    userAgent: client.meta.userAgent,
    correlationId: client.meta.correlationId,
  });
  if (!result.success) client.onAuditFailure?.(result.error);
}

function auditActor(actor: { userId: string; email: string; role: Role }): AuditActor {
  return { userId: actor.userId, email: actor.email, role: actor.role };
}

async function recordAttempt(
  deps: AppDeps,
  client: ClientContext,
  email: string,
  outcome: LoginOutcome,
  at: Date,
): Promise<void> {
  await insertLoginAttempt(deps.database.db, {
    email,
    ipAddress: client.meta.ipAddress,
    userAgent: client.meta.userAgent,
    outcome,
    at,
  });
}

/**
 * Attempts for one account run one at a time in this process, so a burst of parallel guesses
 * cannot all pass the lockout check before any failure is recorded.
 */
const accountQueues = new Map<string, Promise<unknown>>();
async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = accountQueues.get(key) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(fn);
  const tail = run.catch(() => undefined);
  accountQueues.set(key, tail);
  try {
    return await run;
  } finally {
    if (accountQueues.get(key) === tail) accountQueues.delete(key);
  }
}

/** The session id a Set-Cookie list gives the browser, when better-auth issued a new session. */
async function newSessionIdFrom(
  deps: AppDeps,
  setCookies: readonly string[],
): Promise<string | null> {
  const value = cookieValueFrom(setCookies, authCookieName(deps.config, 'session_token'));
  const token = value?.split('.')[0];
  return token ? findSessionIdByToken(deps.database.db, token) : null;
}

function failureMetadata(email: string, now: Date, error: string, reason: string) {
  return { email, timestamp: now.toISOString(), event: 'login_failed', error, reason };
}

// ---- sign-in ----

export type SignInResult =
  | { kind: 'signed_in'; user: SessionUser; setCookies: string[] }
  | { kind: 'two_factor'; setCookies: string[] };

/**
 * DESIGN §5 sign-in. Order: the per-address limit (429), the account lock (423), the password
 * (better-auth; 401 and, on the 5th failure in 30 minutes, 423), the active role (403). Every
 * attempt is recorded in login_attempts and in the audit trail (written by the server, which saw
 * the address: docs/decisions/0006-auth-library.md).
 */
export async function signIn(
  deps: AppDeps,
  input: { email: string; password: string },
  client: ClientContext,
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  return oneAtATime(email, async () => {
    const now = new Date();
    const db = deps.database.db;
    const timezone = deps.config.timezone;

    await assertAddressNotLimited(deps, client, email, now);

    const failures = await findRecentFailures(
      db,
      email,
      new Date(now.getTime() - LOCKOUT_LOOKBACK_MS),
    );
    const lockedAt = lockedUntil(failures, now);
    if (lockedAt) {
      const message = lockedMessage(lockedAt, timezone);
      await recordAttempt(deps, client, email, 'locked', now);
      await audit(deps, client, {
        tableName: 'authentication',
        action: 'login_failed',
        eventType: 'login_failed',
        description: `Sign-in refused for ${email}: the account is locked`,
        category: 'AUTHENTICATION',
        severity: 'WARNING',
        userEmail: email,
        metadata: failureMetadata(email, now, message, 'locked'),
      });
      throw new AppError(423, message, undefined, {
        'retry-after': String(secondsUntil(lockedAt, now)),
      });
    }

    let response: Record<string, unknown>;
    let setCookies: string[];
    try {
      const result = await deps.auth.api.signInEmail({
        body: { email, password: input.password, rememberMe: true },
        headers: client.headers,
        returnHeaders: true,
      });
      response = result.response as unknown as Record<string, unknown>;
      setCookies = setCookiesOf(result.headers);
    } catch (error) {
      const known = authError(error);
      if (!known || known.status >= 500) throw error;
      return wrongCredentials(deps, client, email, failures, now);
    }

    const user = await findUserByEmail(db, email);
    const role = user ? await findActiveRole(db, user.id) : null;
    if (!user || !role) {
      await undoSignIn(deps, response, setCookies);
      await recordAttempt(deps, client, email, 'inactive', now);
      await audit(deps, client, {
        tableName: 'authentication',
        recordId: user?.id ?? null,
        action: 'login_failed',
        eventType: 'login_failed',
        description: `Sign-in refused for ${email}: the account is deactivated`,
        category: 'AUTHENTICATION',
        severity: 'WARNING',
        userEmail: email,
        metadata: failureMetadata(email, now, AUTH_MESSAGES.deactivated, 'inactive'),
      });
      throw new AppError(403, AUTH_MESSAGES.deactivated);
    }

    if (response.twoFactorRedirect === true) {
      await recordAttempt(deps, client, email, 'two_factor_required', now);
      return { kind: 'two_factor', setCookies };
    }

    await recordAttempt(deps, client, email, 'success', now);
    await auditLogin(deps, client, user, role, now, 'password');
    return { kind: 'signed_in', user: { ...pick(user), role }, setCookies };
  });
}

function pick(user: UserIdentity) {
  return { id: user.id, email: user.email, name: user.name };
}

async function assertAddressNotLimited(
  deps: AppDeps,
  client: ClientContext,
  email: string,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - ADDRESS_LIMIT.windowMs);
  const { count, oldest } = await countAddressFailures(
    deps.database.db,
    client.meta.ipAddress,
    since,
  );
  if (count < ADDRESS_LIMIT.maxFailures) return;
  const retryAfter = secondsUntil(
    new Date((oldest ?? now).getTime() + ADDRESS_LIMIT.windowMs),
    now,
  );
  const message = addressLimitedMessage(retryAfter);
  await recordAttempt(deps, client, email, 'rate_limited', now);
  await audit(deps, client, {
    tableName: 'authentication',
    action: 'login_failed',
    eventType: 'login_failed',
    description: `Sign-in refused for ${email}: too many failures from ${client.meta.ipAddress}`,
    category: 'AUTHENTICATION',
    severity: 'WARNING',
    userEmail: email,
    metadata: failureMetadata(email, now, message, 'rate_limited'),
  });
  throw new AppError(429, message, undefined, { 'retry-after': String(retryAfter) });
}

async function wrongCredentials(
  deps: AppDeps,
  client: ClientContext,
  email: string,
  failures: readonly Date[],
  now: Date,
): Promise<never> {
  await recordAttempt(deps, client, email, 'bad_credentials', now);
  await audit(deps, client, {
    tableName: 'authentication',
    action: 'login_failed',
    eventType: 'login_failed',
    description: `Failed sign-in for ${email}`,
    category: 'AUTHENTICATION',
    severity: 'WARNING',
    userEmail: email,
    metadata: failureMetadata(email, now, AUTH_MESSAGES.signInFailed, 'bad_credentials'),
  });
  const lockedAt = lockedUntil([...failures, now], now);
  if (!lockedAt) throw new AppError(401, AUTH_MESSAGES.signInFailed);
  // The 5th failure locks the account, and says so at once (SPEC §9).
  const message = lockedMessage(lockedAt, deps.config.timezone);
  await audit(deps, client, {
    tableName: 'authentication',
    action: 'account_locked',
    eventType: 'account_locked',
    description: `Account ${email} locked after repeated failed sign-ins`,
    category: 'AUTHENTICATION',
    severity: 'CRITICAL',
    userEmail: email,
    metadata: { email, timestamp: now.toISOString(), locked_until: lockedAt.toISOString() },
  });
  throw new AppError(423, message, undefined, {
    'retry-after': String(secondsUntil(lockedAt, now)),
  });
}

/** A deactivated user gave the right password: remove the session or challenge just made. */
async function undoSignIn(
  deps: AppDeps,
  response: Record<string, unknown>,
  setCookies: readonly string[],
): Promise<void> {
  if (typeof response.token === 'string') {
    await deleteSessionByToken(deps.database.db, response.token);
  }
  const challenge = cookieValueFrom(setCookies, authCookieName(deps.config, 'two_factor'));
  const identifier = challenge?.split('.')[0];
  if (identifier) await deleteVerification(deps.database.db, identifier);
}

async function auditLogin(
  deps: AppDeps,
  client: ClientContext,
  user: UserIdentity,
  role: Role,
  now: Date,
  method: 'password' | 'totp' | 'backup_code',
): Promise<void> {
  await audit(deps, client, {
    tableName: 'authentication',
    recordId: user.id,
    action: 'login',
    eventType: 'login',
    description: `Signed in: ${user.email}`,
    category: 'AUTHENTICATION',
    severity: 'INFO',
    metadata: { email: user.email, timestamp: now.toISOString(), event: 'login_success', method },
    actor: { userId: user.id, email: user.email, role },
  });
}

/** A TOTP code is 6 digits; anything else is tried as a backup code. */
function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/**
 * Second step of a two-factor sign-in: a TOTP code or a backup code against the challenge that
 * better-auth's two-factor cookie names. better-auth limits a challenge to 5 tries and locks the
 * second factor after 10 failures.
 */
export async function verifyTwoFactorSignIn(
  deps: AppDeps,
  input: { code: string },
  challengeCookie: string | undefined,
  client: ClientContext,
): Promise<{ user: SessionUser; setCookies: string[] }> {
  const now = new Date();
  const db = deps.database.db;
  const identifier = challengeCookie?.slice(0, Math.max(0, challengeCookie.lastIndexOf('.')));
  const userId = identifier ? await findTwoFactorChallengeUserId(db, identifier, now) : null;
  const user = userId ? await findUserById(db, userId) : null;
  if (!user) throw unauthorized(AUTH_MESSAGES.twoFactorExpired);

  await assertAddressNotLimited(deps, client, user.email, now);

  const code = input.code.replace(/\s+/g, '');
  const method = isTotpCode(code) ? 'totp' : 'backup_code';
  let response: Record<string, unknown>;
  let setCookies: string[];
  try {
    const headers = keepOnlyCookies(client.headers, [authCookieName(deps.config, 'two_factor')]);
    const request = { body: { code }, headers, returnHeaders: true as const };
    const result =
      method === 'totp'
        ? await deps.auth.api.verifyTOTP(request)
        : await deps.auth.api.verifyBackupCode(request);
    response = result.response as unknown as Record<string, unknown>;
    setCookies = setCookiesOf(result.headers);
  } catch (error) {
    const known = authError(error);
    if (!known || known.status >= 500) throw error;
    await recordAttempt(deps, client, user.email, 'two_factor_failed', now);
    const message =
      known.code === 'ACCOUNT_TEMPORARILY_LOCKED'
        ? AUTH_MESSAGES.twoFactorLocked
        : known.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE'
          ? AUTH_MESSAGES.twoFactorTooManyAttempts
          : known.code === 'INVALID_TWO_FACTOR_COOKIE'
            ? AUTH_MESSAGES.twoFactorExpired
            : AUTH_MESSAGES.invalidCode;
    await audit(deps, client, {
      tableName: 'authentication',
      recordId: user.id,
      action: 'login_failed',
      eventType: 'login_failed',
      description: `Failed two-factor sign-in for ${user.email}`,
      category: 'AUTHENTICATION',
      severity: 'WARNING',
      userEmail: user.email,
      metadata: failureMetadata(user.email, now, message, 'two_factor_failed'),
    });
    if (known.code === 'ACCOUNT_TEMPORARILY_LOCKED') throw new AppError(423, message);
    throw unauthorized(message);
  }

  const role = await findActiveRole(db, user.id);
  if (!role) {
    await undoSignIn(deps, response, setCookies);
    await recordAttempt(deps, client, user.email, 'inactive', now);
    await audit(deps, client, {
      tableName: 'authentication',
      recordId: user.id,
      action: 'login_failed',
      eventType: 'login_failed',
      description: `Sign-in refused for ${user.email}: the account is deactivated`,
      category: 'AUTHENTICATION',
      severity: 'WARNING',
      userEmail: user.email,
      metadata: failureMetadata(user.email, now, AUTH_MESSAGES.deactivated, 'inactive'),
    });
    throw new AppError(403, AUTH_MESSAGES.deactivated);
  }
  await recordAttempt(deps, client, user.email, 'success', now);
  await auditLogin(deps, client, user, role, now, method);
  return { user: { ...pick(user), role }, setCookies };
}

// ---- session ----

export async function signOut(
  deps: AppDeps,
  actor: SessionActor,
  client: ClientContext,
): Promise<{ setCookies: string[] }> {
  const result = await deps.auth.api.signOut({ headers: client.headers, returnHeaders: true });
  await audit(deps, client, {
    tableName: 'authentication',
    recordId: actor.userId,
    action: 'logout',
    eventType: 'logout',
    description: `Signed out: ${actor.email}`,
    category: 'AUTHENTICATION',
    severity: 'INFO',
    metadata: { email: actor.email, timestamp: new Date().toISOString(), event: 'logout' },
    actor: auditActor(actor),
  });
  return { setCookies: setCookiesOf(result.headers) };
}

export type SessionSummary = {
  id: string;
  created_at: Date;
  expires_at: Date;
  ip_address: string | null;
  user_agent: string | null;
  current: boolean;
};

export async function listSessions(deps: AppDeps, actor: SessionActor): Promise<SessionSummary[]> {
  const rows = await listActiveSessions(deps.database.db, actor.userId, new Date());
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt,
    expires_at: row.expiresAt,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    current: row.id === actor.sessionId,
  }));
}

/** Ends one of the actor's own sessions; that browser's next request answers 401. */
export async function revokeSession(
  deps: AppDeps,
  actor: SessionActor,
  sessionId: string,
  client: ClientContext,
): Promise<{ current: boolean }> {
  const deleted = await deleteUserSession(deps.database.db, actor.userId, sessionId);
  if (!deleted) throw notFound(AUTH_MESSAGES.sessionNotFound);
  await audit(deps, client, {
    tableName: 'authentication',
    recordId: actor.userId,
    action: 'session_revoked',
    eventType: 'session_revoked',
    description: `Session revoked by ${actor.email}`,
    category: 'AUTHENTICATION',
    severity: 'INFO',
    metadata: { session_id: sessionId, current: sessionId === actor.sessionId },
    actor: auditActor(actor),
  });
  return { current: sessionId === actor.sessionId };
}

// ---- password and two-factor ----

export async function getSecurity(
  deps: AppDeps,
  actor: SessionActor,
): Promise<{ password_changed_at: Date | null; two_factor_enabled: boolean }> {
  const info = await findSecurityInfo(deps.database.db, actor.userId);
  if (!info) throw unauthorized();
  return { password_changed_at: info.passwordChangedAt, two_factor_enabled: info.twoFactorEnabled };
}

/**
 * Changes the password after checking the current one. Every session of the user ends and the
 * browser gets a new one (better-auth's revokeOtherSessions), so a stolen session dies with the
 * old password.
 */
export async function changePassword(
  deps: AppDeps,
  actor: SessionActor,
  input: { current_password: string; new_password: string },
  client: ClientContext,
): Promise<{ passwordChangedAt: Date; setCookies: string[]; newSessionId: string | null }> {
  if (input.current_password === input.new_password) {
    throw badRequest(AUTH_MESSAGES.samePassword, [
      { path: 'new_password', message: AUTH_MESSAGES.samePassword },
    ]);
  }
  let setCookies: string[];
  try {
    const result = await deps.auth.api.changePassword({
      body: {
        currentPassword: input.current_password,
        newPassword: input.new_password,
        revokeOtherSessions: true,
      },
      headers: client.headers,
      returnHeaders: true,
    });
    setCookies = setCookiesOf(result.headers);
  } catch (error) {
    const known = authError(error);
    if (known?.code === 'INVALID_PASSWORD') {
      throw badRequest(AUTH_MESSAGES.currentPasswordWrong, [
        { path: 'current_password', message: AUTH_MESSAGES.currentPasswordWrong },
      ]);
    }
    if (known && known.status < 500 && known.code.startsWith('PASSWORD_TOO')) {
      const message =
        known.code === 'PASSWORD_TOO_SHORT'
          ? 'Must be at least 12 characters'
          : 'Must be 128 characters or less';
      throw badRequest(message, [{ path: 'new_password', message }]);
    }
    if (known?.status === 401) throw unauthorized();
    throw error;
  }
  const now = new Date();
  await setPasswordChangedAt(deps.database.db, actor.userId, now);
  await audit(deps, client, {
    tableName: 'authentication',
    recordId: actor.userId,
    action: 'password_changed',
    eventType: 'password_changed',
    description: `Password changed by ${actor.email}; other sessions were signed out`,
    category: 'AUTHENTICATION',
    severity: 'INFO',
    metadata: { email: actor.email, timestamp: now.toISOString() },
    actor: auditActor(actor),
  });
  return {
    passwordChangedAt: now,
    setCookies,
    newSessionId: await newSessionIdFrom(deps, setCookies),
  };
}

function wrongPassword(): AppError {
  return badRequest(AUTH_MESSAGES.passwordWrong, [
    { path: 'password', message: AUTH_MESSAGES.passwordWrong },
  ]);
}

/**
 * Starts TOTP set-up: a new secret (shown as an otpauth URI and a QR code drawn here, no outside
 * service) and backup codes. Two-factor is on only after confirmTwoFactor checks the first code.
 */
export async function enableTwoFactor(
  deps: AppDeps,
  input: { password: string },
  client: ClientContext,
): Promise<{ totp_uri: string; qr_svg: string; backup_codes: string[] }> {
  const issuer = (await deps.settings.getGeneral()).resort_name;
  let response: { totpURI?: unknown; backupCodes?: unknown };
  try {
    response = (await deps.auth.api.enableTwoFactor({
      body: { password: input.password, issuer },
      headers: client.headers,
    })) as { totpURI?: unknown; backupCodes?: unknown };
  } catch (error) {
    const known = authError(error);
    if (known?.code === 'INVALID_PASSWORD') throw wrongPassword();
    if (known?.code === 'TOTP_ALREADY_ENABLED')
      throw conflict(AUTH_MESSAGES.twoFactorAlreadyEnabled);
    if (known?.status === 401) throw unauthorized();
    throw error;
  }
  const totpUri = String(response.totpURI ?? '');
  const backupCodes = Array.isArray(response.backupCodes) ? response.backupCodes.map(String) : [];
  const qrSvg = await QRCode.toString(totpUri, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return { totp_uri: totpUri, qr_svg: qrSvg, backup_codes: backupCodes };
}

/** Checks the first code from the authenticator app, which turns two-factor on. */
export async function confirmTwoFactor(
  deps: AppDeps,
  actor: SessionActor,
  input: { code: string },
  client: ClientContext,
): Promise<{ setCookies: string[]; newSessionId: string | null }> {
  const before = await findSecurityInfo(deps.database.db, actor.userId);
  let setCookies: string[];
  try {
    const result = await deps.auth.api.verifyTOTP({
      body: { code: input.code.replace(/\s+/g, '') },
      headers: client.headers,
      returnHeaders: true,
    });
    setCookies = setCookiesOf(result.headers);
  } catch (error) {
    const known = authError(error);
    if (known?.code === 'INVALID_CODE') {
      throw badRequest(AUTH_MESSAGES.invalidCode, [
        { path: 'code', message: AUTH_MESSAGES.invalidCode },
      ]);
    }
    if (known?.code === 'TOTP_NOT_ENABLED') throw conflict(AUTH_MESSAGES.twoFactorNotStarted);
    if (known?.status === 401) throw unauthorized();
    throw error;
  }
  if (!before?.twoFactorEnabled) {
    await audit(deps, client, {
      tableName: 'authentication',
      recordId: actor.userId,
      action: 'two_factor_enabled',
      eventType: 'two_factor_enabled',
      description: `Two-factor authentication turned on by ${actor.email}`,
      category: 'AUTHENTICATION',
      severity: 'INFO',
      metadata: { email: actor.email, timestamp: new Date().toISOString() },
      actor: auditActor(actor),
    });
  }
  return { setCookies, newSessionId: await newSessionIdFrom(deps, setCookies) };
}

export async function disableTwoFactor(
  deps: AppDeps,
  actor: SessionActor,
  input: { password: string },
  client: ClientContext,
): Promise<{ setCookies: string[]; newSessionId: string | null }> {
  let setCookies: string[];
  try {
    const result = await deps.auth.api.disableTwoFactor({
      body: { password: input.password },
      headers: client.headers,
      returnHeaders: true,
    });
    setCookies = setCookiesOf(result.headers);
  } catch (error) {
    const known = authError(error);
    if (known?.code === 'INVALID_PASSWORD') throw wrongPassword();
    if (known?.status === 401) throw unauthorized();
    throw error;
  }
  await audit(deps, client, {
    tableName: 'authentication',
    recordId: actor.userId,
    action: 'two_factor_disabled',
    eventType: 'two_factor_disabled',
    description: `Two-factor authentication turned off by ${actor.email}`,
    category: 'AUTHENTICATION',
    severity: 'WARNING',
    metadata: { email: actor.email, timestamp: new Date().toISOString() },
    actor: auditActor(actor),
  });
  return { setCookies, newSessionId: await newSessionIdFrom(deps, setCookies) };
}
