import { sql } from 'drizzle-orm';
import type { AppTx, Database } from '../db/client';

export type IdempotencyKeyRow = {
  request_hash: string;
  status: 'processing' | 'completed';
  response_status: number | null;
  response_body: unknown;
};

/**
 * Claims (scope, key) for a request with `requestHash`. True when this request now owns it: the
 * key was new, or its record had expired, or it was left "processing" by a request that died
 * (older than `staleBefore`) for the same body. A concurrent claim of the same key waits for
 * this autocommitted insert, never for the booking's transaction.
 */
export async function claimIdempotencyKey(
  database: Database,
  claim: {
    scope: string;
    key: string;
    requestHash: string;
    now: Date;
    expiresAt: Date;
    staleBefore: Date;
  },
): Promise<boolean> {
  const rows = await database.query<{ key: string }>(
    `INSERT INTO idempotency_keys (scope, key, request_hash, status, created_at, expires_at)
     VALUES ($1, $2, $3, 'processing', $4, $5)
     ON CONFLICT (scope, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, status = 'processing',
            response_status = NULL, response_body = NULL,
            created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
      WHERE idempotency_keys.expires_at <= EXCLUDED.created_at
         OR (idempotency_keys.status = 'processing'
             AND idempotency_keys.request_hash = EXCLUDED.request_hash
             AND idempotency_keys.created_at < $6)
     RETURNING key`,
    [
      claim.scope,
      claim.key,
      claim.requestHash,
      claim.now.toISOString(),
      claim.expiresAt.toISOString(),
      claim.staleBefore.toISOString(),
    ],
  );
  return rows.length === 1;
}

export async function findIdempotencyKey(
  database: Database,
  scope: string,
  key: string,
): Promise<IdempotencyKeyRow | null> {
  const rows = await database.query<IdempotencyKeyRow>(
    `SELECT request_hash, status, response_status, response_body
       FROM idempotency_keys WHERE scope = $1 AND key = $2`,
    [scope, key],
  );
  return rows[0] ?? null;
}

/** Records the answer of a request that was refused (outside any transaction). */
export async function completeIdempotencyKey(
  database: Database,
  entry: { scope: string; key: string; statusCode: number; body: unknown },
): Promise<void> {
  await database.query(
    `UPDATE idempotency_keys SET status = 'completed', response_status = $3, response_body = $4::jsonb
      WHERE scope = $1 AND key = $2`,
    [entry.scope, entry.key, entry.statusCode, JSON.stringify(entry.body)],
  );
}

/** Records the answer inside the transaction that did the work: both commit or neither. */
export async function completeIdempotencyKeyInTx(
  tx: AppTx,
  entry: { scope: string; key: string; statusCode: number; body: unknown },
): Promise<void> {
  await tx.execute(sql`UPDATE idempotency_keys
       SET status = 'completed', response_status = ${entry.statusCode},
           response_body = ${JSON.stringify(entry.body)}::jsonb
     WHERE scope = ${entry.scope} AND key = ${entry.key}`);
}

/** Lets the key go so that a retry runs again (the work failed for a reason not its input's). */
export async function releaseIdempotencyKey(
  database: Database,
  scope: string,
  key: string,
): Promise<void> {
  await database.query(
    `DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status = 'processing'`,
    [scope, key],
  );
}

/** Forgets answers older than their 24 hours (run by the periodic jobs). */
export async function purgeExpiredIdempotencyKeys(database: Database, now: Date): Promise<number> {
  const rows = await database.query<{ key: string }>(
    `DELETE FROM idempotency_keys WHERE expires_at <= $1 RETURNING key`,
    [now.toISOString()],
  );
  return rows.length;
}
