import type { Database } from '../db/client';

export type RateLimitCount = { current: number; ttl: number };

/**
 * Counts one request against `key` in its fixed window of `windowMs` (issue 24): the first
 * request, or the first after the window ended, starts a new window of one. One statement, so
 * two instances counting the same key at once each see their own increment. Answers the count
 * and the window's milliseconds left, by the database's clock.
 */
export async function countRateLimitHit(
  database: Database,
  key: string,
  windowMs: number,
): Promise<RateLimitCount> {
  const rows = await database.query<{ current: number; ttl: number }>(
    `INSERT INTO rate_limit_counters AS c (key, hits, window_ends_at)
     VALUES ($1, 1, now() + $2 * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE
        SET hits = CASE WHEN c.window_ends_at <= now() THEN 1
                        ELSE LEAST(c.hits, 2147483646) + 1 END,
            window_ends_at = CASE WHEN c.window_ends_at <= now() THEN EXCLUDED.window_ends_at
                                  ELSE c.window_ends_at END
     RETURNING hits AS current,
               GREATEST(0, ceil(extract(epoch FROM window_ends_at - now()) * 1000))::int AS ttl`,
    [key, windowMs],
  );
  const row = rows[0]!;
  return { current: Number(row.current), ttl: Number(row.ttl) };
}

/** The count of `key`'s current window without counting (0 when none is open). */
export async function readRateLimitCount(database: Database, key: string): Promise<RateLimitCount> {
  const rows = await database.query<{ current: number; ttl: number }>(
    `SELECT hits AS current,
            ceil(extract(epoch FROM window_ends_at - now()) * 1000)::int AS ttl
       FROM rate_limit_counters WHERE key = $1 AND window_ends_at > now()`,
    [key],
  );
  const row = rows[0];
  return row ? { current: Number(row.current), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
}

/** Windows that ended are forgotten (run with the periodic purges). */
export async function purgeEndedRateLimitWindows(database: Database): Promise<number> {
  const rows = await database.query<{ key: string }>(
    `DELETE FROM rate_limit_counters WHERE window_ends_at <= now() RETURNING key`,
  );
  return rows.length;
}
