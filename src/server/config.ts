import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isValidTimeZone } from '../domain/dates';
import { CHANNEL_SYNC_MINUTES } from '../domain/settings-defaults';

/**
 * The only place that reads process.env (CONVENTIONS "Configuration in one place").
 * DESIGN §2 lists every variable; a bad value stops start-up naming the variable.
 */

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    RESORT_TIMEZONE: z
      .string()
      .default('Asia/Manila')
      .refine(isValidTimeZone, 'is not a valid IANA time zone (for example Asia/Manila)'),
    PUBLIC_URL: z.string().url().optional(),
    STORAGE_DRIVER: z.enum(['folder', 'database']).optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    CAPTCHA_PROVIDER: z.enum(['altcha', 'turnstile', 'none']).default('altcha'),
    TURNSTILE_SITE_KEY: z.string().optional(),
    TURNSTILE_SECRET_KEY: z.string().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Playa Serena Beach Resort <reservations@playaserena.ph>'),
    MAX_PROOF_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(2_097_152),
    MAX_PHOTO_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(5_242_880),
    DEMO: booleanFlag.optional(),
    PUBLIC_RATE_LIMIT: z.coerce.number().int().min(0).default(30),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    FETCH_ALLOW_PRIVATE: booleanFlag.optional(),
    FEED_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    CHANNEL_SYNC_MINUTES: z.coerce
      .number()
      .int()
      .min(CHANNEL_SYNC_MINUTES.min)
      .max(CHANNEL_SYNC_MINUTES.max)
      .default(CHANNEL_SYNC_MINUTES.default),
    TRUST_PROXY: z
      .string()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
  })
  .superRefine((env, ctx) => {
    // DESIGN §8: private and loopback fetches are for tests; a production server never makes them.
    if (env.FETCH_ALLOW_PRIVATE && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['FETCH_ALLOW_PRIVATE'],
        message: 'is refused with NODE_ENV=production',
      });
    }
    // Issue 24: the files go into the database only when it is a PostgreSQL server.
    if (env.STORAGE_DRIVER === 'database' && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['STORAGE_DRIVER'],
        message: '"database" needs DATABASE_URL (the embedded database keeps files in DATA_DIR)',
      });
    }
    if (env.CAPTCHA_PROVIDER === 'none' && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_PROVIDER'],
        message: '"none" is allowed only when NODE_ENV=test',
      });
    }
    if (
      env.CAPTCHA_PROVIDER === 'turnstile' &&
      (!env.TURNSTILE_SITE_KEY || !env.TURNSTILE_SECRET_KEY)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['TURNSTILE_SECRET_KEY'],
        message:
          'TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are required with CAPTCHA_PROVIDER=turnstile',
      });
    }
  });

/** The names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * Issue 24: which reverse proxies may tell the app the client's address (X-Forwarded-For) and
 * scheme: addresses, CIDR ranges or proxy-addr's names (loopback, linklocal, uniquelocal). "true"
 * (trust anyone) and hop counts are refused: a client reaching the app past the proxy could then
 * name its own address, and the rate limits and the audit trail would believe it. Answers the
 * message of what is wrong, as a string.
 */
export function parseTrustProxy(value: string): string[] | string {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.some((entry) => entry === 'true' || entry === '*' || /^\d+$/.test(entry))) {
    return 'must name the proxies (addresses, CIDR ranges, or loopback/linklocal/uniquelocal), not trust every client';
  }
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || bad !== undefined) {
    return `must be proxy addresses or CIDR ranges separated by commas (${JSON.stringify(bad ?? value)} is not one)`;
  }
  return entries;
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Where stored files live (issue 24, decision 0026): `folder` = DATA_DIR/storage, `database` =
   * tables of the PostgreSQL database. Default: database with DATABASE_URL, folder without.
   */
  storageDriver: 'folder' | 'database';
  timezone: string;
  publicUrl: string | undefined;
  sessionSecret: string;
  /**
   * Where the secret came from. Issue 24: instances sharing one PostgreSQL must share the secret
   * (session cookies, CSRF and signed upload tokens); one generated into each DATA_DIR differs.
   */
  sessionSecretSource: 'environment' | 'data-dir';
  captcha: {
    provider: 'altcha' | 'turnstile' | 'none';
    turnstileSiteKey: string | undefined;
    turnstileSecretKey: string | undefined;
  };
  smtpUrl: string | undefined;
  mailFrom: string;
  maxProofBytes: number;
  /** Largest cabin photo accepted before it is resized (issue 15). */
  maxPhotoBytes: number;
  /** Seed demo guests, bookings and accounts. Default: on with the embedded database, off with PostgreSQL. */
  demo: boolean;
  publicRateLimit: number;
  logLevel: string;
  /** Outbound fetches (channel feeds) may reach private and loopback addresses: tests only. */
  fetchAllowPrivate: boolean;
  /** How long one feed download may take in all (issue 19: 10 s). */
  feedFetchTimeoutMs: number;
  /** How often each channel feed is downloaded (issue 19: default 15 minutes). */
  channelSyncMinutes: number;
  /**
   * The reverse proxies whose X-Forwarded-For/-Proto/-Host the app believes (Fastify's
   * trustProxy): addresses and ranges. False: the socket's address is the client's (no proxy,
   * or TRUST_PROXY unset).
   */
  trustProxy: string[] | false;
};

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = 'ConfigError';
  }
}

/** Treat empty strings as unset, as shells and .env files commonly produce them. */
function clean(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/**
 * Reads SESSION_SECRET from DATA_DIR, generating it once when missing (DESIGN §2), so sessions
 * and signed upload tokens survive restarts without any set-up.
 */
function loadOrCreateSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = envSchema.safeParse(clean(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? 'environment'), issue.message);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const databaseUrl = 'databaseUrl' in overrides ? overrides.databaseUrl : e.DATABASE_URL;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    storageDriver: e.STORAGE_DRIVER ?? (databaseUrl ? 'database' : 'folder'),
    timezone: e.RESORT_TIMEZONE,
    publicUrl: e.PUBLIC_URL,
    sessionSecret:
      overrides.sessionSecret ?? e.SESSION_SECRET ?? loadOrCreateSessionSecret(dataDir),
    sessionSecretSource: overrides.sessionSecret || e.SESSION_SECRET ? 'environment' : 'data-dir',
    captcha: {
      provider: e.CAPTCHA_PROVIDER,
      turnstileSiteKey: e.TURNSTILE_SITE_KEY,
      turnstileSecretKey: e.TURNSTILE_SECRET_KEY,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    maxProofBytes: e.MAX_PROOF_BYTES,
    maxPhotoBytes: e.MAX_PHOTO_BYTES,
    demo: e.DEMO ?? !databaseUrl,
    publicRateLimit: e.PUBLIC_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    fetchAllowPrivate: e.FETCH_ALLOW_PRIVATE ?? false,
    feedFetchTimeoutMs: e.FEED_FETCH_TIMEOUT_MS,
    channelSyncMinutes: e.CHANNEL_SYNC_MINUTES,
    trustProxy: e.TRUST_PROXY ?? false,
    ...overrides,
  };
}
