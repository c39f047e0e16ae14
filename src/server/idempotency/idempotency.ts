import { createHash } from 'node:crypto';
import type { Clock } from '../clock';
import type { AppTx, Database } from '../db/client';
import { AppError, badRequest, conflict, mapDatabaseError } from '../errors';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  completeIdempotencyKeyInTx,
  findIdempotencyKey,
  releaseIdempotencyKey,
} from './idempotency.repository';

/**
 * SPEC §7 Idempotency-Key, kept in the database so it holds across restarts and app instances
 * (DESIGN §6). The first request with a key runs; the same key with the same body answers the
 * first answer again (status and body) for 24 hours; with another body 422; while the first
 * still runs 409. A success is recorded in the work's own transaction, so a booking never exists
 * without its recorded answer. A refusal for the request's own sake (4xx) is recorded too; any
 * other failure lets the key go, so a retry runs again.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A "processing" record older than this belongs to a request that died: a retry takes over. */
export const IDEMPOTENCY_STALE_MS = 2 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

export const IDEMPOTENCY_MESSAGES = {
  missing: 'The Idempotency-Key header is required.',
  invalid: 'The Idempotency-Key header must be 8 to 200 visible ASCII characters.',
  inProgress:
    'A request with this Idempotency-Key is still being processed. Please wait and try again.',
  reused: 'This Idempotency-Key was already used with a different request.',
} as const;

/** The header's key, or a 400 explaining what is wrong with it. */
export function readIdempotencyKey(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') throw badRequest(IDEMPOTENCY_MESSAGES.missing);
  const key = value.trim();
  if (!KEY_PATTERN.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.invalid);
  return key;
}

/** JSON with its object keys sorted: equal bodies hash equal whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function hashRequest(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export type IdempotentAnswer = { statusCode: number; body: unknown; replayed: boolean };

/** Records the answer in the work's transaction; call it last, inside that transaction. */
export type CompleteInTransaction = (tx: AppTx, statusCode: number, body: unknown) => Promise<void>;

export async function runIdempotent(
  deps: { database: Database; clock: Clock },
  request: { scope: string; key: string; body: unknown },
  work: (complete: CompleteInTransaction) => Promise<{ statusCode: number; body: unknown }>,
): Promise<IdempotentAnswer> {
  const { database, clock } = deps;
  const { scope, key } = request;
  const requestHash = hashRequest(request.body);

  for (let attempt = 0; ; attempt += 1) {
    const now = clock.now();
    const claimed = await claimIdempotencyKey(database, {
      scope,
      key,
      requestHash,
      now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      staleBefore: new Date(now.getTime() - IDEMPOTENCY_STALE_MS),
    });
    if (claimed) break;
    const existing = await findIdempotencyKey(database, scope, key);
    // Purged between the two statements: claim again (once is enough; twice is a bug).
    if (!existing) {
      if (attempt === 0) continue;
      throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
    }
    if (existing.request_hash !== requestHash) {
      throw new AppError(422, IDEMPOTENCY_MESSAGES.reused);
    }
    if (existing.status === 'processing' || existing.response_status === null) {
      throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
    }
    return { statusCode: existing.response_status, body: existing.response_body, replayed: true };
  }

  try {
    const answer = await work((tx, statusCode, body) =>
      completeIdempotencyKeyInTx(tx, { scope, key, statusCode, body }),
    );
    return { ...answer, replayed: false };
  } catch (error) {
    const refusal = error instanceof AppError ? error : mapDatabaseError(error);
    if (refusal && refusal.statusCode < 500) {
      const body = {
        message: refusal.message,
        ...(refusal.issues ? { issues: refusal.issues } : {}),
      };
      await completeIdempotencyKey(database, {
        scope,
        key,
        statusCode: refusal.statusCode,
        body,
      }).catch(() => releaseIdempotencyKey(database, scope, key).catch(() => undefined));
    } else {
      await releaseIdempotencyKey(database, scope, key).catch(() => undefined);
    }
    throw error;
  }
}
