import { betterAuth } from 'better-auth';
import { twoFactor } from 'better-auth/plugins';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { authDatabaseAdapter } from '../db/auth-adapter';

/** SPEC §9: the web app refreshes between 45 and 55 minutes; a session lives a working day. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;
/** better-auth extends a session's life when this long has passed since it last did. */
export const SESSION_UPDATE_AGE_SECONDS = 15 * 60;

/** The header our routes use to tell better-auth the client's address (see auth-headers.ts). */
export const CLIENT_IP_HEADER = 'x-resort-client-ip';

const COOKIE_PREFIX = 'resort';

function authBaseUrl(config: Config): string {
  return config.publicUrl ?? `http://${config.host}:${config.port}`;
}

/** Cookies are Secure (and carry the __Secure- prefix) when the app is served over HTTPS. */
export function usesSecureCookies(config: Config): boolean {
  return authBaseUrl(config).startsWith('https://');
}

/** The name better-auth gives one of its cookies ('session_token', 'two_factor', ...). */
export function authCookieName(config: Config, cookie: string): string {
  return `${usesSecureCookies(config) ? '__Secure-' : ''}${COOKIE_PREFIX}.${cookie}`;
}

/**
 * better-auth does password hashing (scrypt), database sessions and TOTP two-factor
 * (docs/decisions/0006-auth-library.md). The product's own routes under /api/auth call its API, so
 * the HTTP contract of DESIGN §5 is ours, and lockout, CSRF and roles are added around it.
 */
export function createAuth(deps: { database: Database; config: Config; resortName?: string }) {
  const { config } = deps;
  const baseURL = authBaseUrl(config);
  return betterAuth({
    appName: deps.resortName ?? 'Resort',
    baseURL,
    basePath: '/api/auth/lib',
    secret: config.sessionSecret,
    database: authDatabaseAdapter(deps.database),
    user: { modelName: 'users' },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // Every request checks the database, so a revoked session ends at once.
      cookieCache: { enabled: false },
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      // Accounts are made by an administrator or `npm run user:create`, never by sign-up.
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
    },
    // Our own lockout and per-address limit apply (auth.service.ts); the library's in-memory
    // limiter would not hold across app instances.
    rateLimit: { enabled: false },
    // Wrong passwords are expected events, recorded in login_attempts and the audit trail.
    logger: { level: 'error', disabled: config.logLevel === 'silent' },
    telemetry: { enabled: false },
    trustedOrigins: config.publicUrl ? [config.publicUrl] : [],
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: usesSecureCookies(config),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: () => crypto.randomUUID() },
      // Only our routes call better-auth, and they pass the address Fastify saw on the socket in
      // this header (auth-headers.ts); a client's own X-Forwarded-For is never forwarded.
      ipAddress: { disableIpTracking: false, ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      twoFactor({
        issuer: deps.resortName ?? 'Resort',
        schema: { twoFactor: { modelName: 'twoFactors' } },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
