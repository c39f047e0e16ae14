import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Config } from '../config';
import type { Database } from '../db/client';
import {
  countRateLimitHit,
  readRateLimitCount,
  type RateLimitCount,
} from './rate-limit.repository';

/**
 * Route config for DESIGN §2's PUBLIC_RATE_LIMIT (requests per minute per IP address; 0 turns it
 * off). Page-data reads get a larger allowance than the state-changing guest endpoints, because
 * every public page load asks for them.
 */
export function publicRateLimit(
  config: Config,
  kind: 'write' | 'read' = 'write',
): { rateLimit: false | { max: number; timeWindow: string } } {
  if (config.publicRateLimit === 0) return { rateLimit: false };
  const max = kind === 'read' ? config.publicRateLimit * 10 : config.publicRateLimit;
  return { rateLimit: { max, timeWindow: '1 minute' } };
}

type RouteOfStore = Parameters<FastifyRateLimitStore['child']>[0];
type RouteInfo = { method?: string | string[]; url?: string };

/**
 * Issue 24: @fastify/rate-limit's store with its counters in PostgreSQL, so N instances behind
 * one proxy allow a client the same requests per minute as one does. Each route counts apart
 * (its method and path prefix the key, as the library's own stores do). Used with DATABASE_URL;
 * the embedded database serves one process, whose in-memory store is exact and cheaper.
 */
export function databaseRateLimitStore(database: Database): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'global-',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: RateLimitCount) => void,
      timeWindow: number,
    ): void {
      countRateLimitHit(database, this.prefix + key, timeWindow).then(
        (count) => callback(null, count),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: (error: Error | null, result?: RateLimitCount) => void): void {
      readRateLimitCount(database, this.prefix + key).then(
        (count) => callback(null, count),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: RouteOfStore): FastifyRateLimitStore {
      // The library hands its merged options, the route under `routeInfo` (as its Redis store reads).
      const route: RouteInfo =
        (routeOptions as { routeInfo?: RouteInfo }).routeInfo ?? (routeOptions as RouteInfo);
      const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
      return new DatabaseRateLimitStore(undefined, `${method}${route.url ?? ''}-`);
    }
  }
  return DatabaseRateLimitStore;
}
