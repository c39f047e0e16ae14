import type { Config } from '../config';

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
