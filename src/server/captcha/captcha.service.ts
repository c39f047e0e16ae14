import { createHmac, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { MESSAGES } from '../../domain/messages';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { AppDb, AppTx, Database } from '../db/client';
import { AppError, badRequest } from '../errors';
import {
  isChallengeUsed,
  markChallengeUsed,
  purgeExpiredChallenges as deleteExpiredChallenges,
} from './used-challenges.repository';

/**
 * DESIGN §2 bot challenge: ALTCHA (self-hosted proof of work, the default), Cloudflare Turnstile
 * when configured, or `none` (tests only: config.ts refuses it unless NODE_ENV=test). The guest
 * form sends the ALTCHA payload in SPEC §7's `turnstile_token` field.
 */

/**
 * DESIGN §7: a cost a phone solves in about a second. PBKDF2/SHA-256 with 5,000 iterations per
 * attempt, and the answer a random counter from 100 to 500 (the v2 protocol's "maxnumber"). Measured
 * here with altcha-lib's solveChallenge on one server core: 2.0 to 2.8 ms an attempt, so a solve
 * takes 0.6 s on average single-threaded (0.9 s with the machine busy; at most 1.8 s). The widget
 * splits the counters over one Web Worker per core (at least 4 on a current phone), so a phone
 * whose cores are 2 to 4 times slower lands near one second (docs/decisions/0007).
 */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
export const ALTCHA_COST = 5_000;
export const ALTCHA_COUNTER_MIN = 100;
export const ALTCHA_COUNTER_MAX = 500;
export const ALTCHA_TTL_MS = 10 * 60 * 1000;

const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
const MAX_TOKEN_LENGTH = 4096;

/** A verified solution, consumed inside the transaction of what it protects. */
export type CaptchaPass = { challengeId: string | null; expiresAt: Date | null };

export type CaptchaService = {
  provider: Config['captcha']['provider'];
  /** What the web form needs to show the right widget. */
  publicConfig(): { provider: Config['captcha']['provider']; site_key?: string };
  /** A signed ALTCHA challenge (404 with another provider). */
  createChallenge(): Promise<Challenge>;
  /** Checks a token without recording it. 400 "Please complete the CAPTCHA verification." */
  verify(token: unknown, remoteIp?: string): Promise<CaptchaPass>;
  /**
   * Records the solution as used, in the caller's transaction, so it cannot be replayed: a second
   * use (even a concurrent one) gets the same 400 and the caller's writes are rolled back.
   */
  consume(tx: AppTx, pass: CaptchaPass): Promise<void>;
};

const altchaPayloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string().max(256),
        salt: z.string().max(256),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string().max(256),
      })
      .loose(),
    signature: z.string().max(256),
  }),
  solution: z.object({
    counter: z.number(),
    derivedKey: z.string().max(1024),
    time: z.number().optional(),
  }),
});

function deriveSecret(sessionSecret: string, purpose: string): string {
  return createHmac('sha256', sessionSecret).update(`resort:altcha:${purpose}:v1`).digest('hex');
}

export function createCaptchaService(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  /** Cloudflare's siteverify call; replaceable in tests. */
  fetchImpl?: typeof fetch;
}): CaptchaService {
  const { config, database, clock } = deps;
  const provider = config.captcha.provider;
  const hmacSignatureSecret = deriveSecret(config.sessionSecret, 'challenge');
  const hmacKeySignatureSecret = deriveSecret(config.sessionSecret, 'key');
  const refuse = () => badRequest(MESSAGES.captcha);

  async function verifyAltcha(token: string): Promise<CaptchaPass> {
    let payload: z.infer<typeof altchaPayloadSchema>;
    try {
      const json: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      payload = altchaPayloadSchema.parse(json);
    } catch {
      throw refuse();
    }
    const { challenge, solution } = payload;
    // Only challenges of the kind this server issues (the signature covers every parameter).
    if (challenge.parameters.algorithm !== ALTCHA_ALGORITHM) throw refuse();
    // A malformed challenge can make the library throw: that is a wrong answer too.
    const result = await verifySolution({
      challenge: challenge as Challenge,
      solution,
      deriveKey,
      hmacSignatureSecret,
      hmacKeySignatureSecret,
    }).catch(() => null);
    if (!result?.verified) throw refuse();
    const expiresAtSeconds = Number(challenge.parameters.expiresAt);
    const expiresAt = Number.isFinite(expiresAtSeconds)
      ? new Date(expiresAtSeconds * 1000)
      : new Date(clock.now().getTime() + ALTCHA_TTL_MS);
    // The signature is unique per challenge (it covers a random nonce and salt).
    const pass = { challengeId: `altcha:${challenge.signature}`, expiresAt };
    if (await isChallengeUsed(database.db, pass.challengeId)) throw refuse();
    return pass;
  }

  async function verifyTurnstile(token: string, remoteIp?: string): Promise<CaptchaPass> {
    const form = new URLSearchParams({
      secret: config.captcha.turnstileSecretKey ?? '',
      response: token,
    });
    if (remoteIp) form.set('remoteip', remoteIp);
    const body = await (deps.fetchImpl ?? fetch)(TURNSTILE_VERIFY_URL, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(10_000),
    })
      .then((response) => response.json() as Promise<{ success?: unknown }>)
      .catch(() => {
        throw new AppError(
          503,
          'Human verification is unavailable right now. Please try again in a few minutes.',
        );
      });
    // Turnstile tokens are single use at Cloudflare: nothing to record here.
    if (body?.success !== true) throw refuse();
    return { challengeId: null, expiresAt: null };
  }

  return {
    provider,

    publicConfig() {
      return provider === 'turnstile' && config.captcha.turnstileSiteKey
        ? { provider, site_key: config.captcha.turnstileSiteKey }
        : { provider };
    },

    async createChallenge() {
      if (provider !== 'altcha') {
        throw new AppError(404, 'ALTCHA challenges are not used on this server.');
      }
      return createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: ALTCHA_COST,
        counter: randomInt(ALTCHA_COUNTER_MIN, ALTCHA_COUNTER_MAX + 1),
        deriveKey,
        expiresAt: new Date(clock.now().getTime() + ALTCHA_TTL_MS),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    async verify(token, remoteIp) {
      if (typeof token !== 'string') throw refuse();
      const trimmed = token.trim();
      if (trimmed === '' || trimmed.length > MAX_TOKEN_LENGTH) throw refuse();
      switch (provider) {
        case 'none':
          return { challengeId: null, expiresAt: null };
        case 'turnstile':
          return verifyTurnstile(trimmed, remoteIp);
        case 'altcha':
          return verifyAltcha(trimmed);
      }
    },

    async consume(tx, pass) {
      if (pass.challengeId === null || pass.expiresAt === null) return;
      if (!(await markChallengeUsed(tx, pass.challengeId, pass.expiresAt))) throw refuse();
    },
  };
}

/**
 * The record of a spent challenge outlives it only until it expires (an expired one fails
 * verification anyway): the guest-booking job purges them. Answers how many were removed.
 */
export function purgeExpiredChallenges(db: AppDb, now: Date): Promise<number> {
  return deleteExpiredChallenges(db, now);
}
