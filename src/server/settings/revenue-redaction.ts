import type { FastifyInstance } from 'fastify';

/**
 * Guests' money figures, wherever a guest appears in an answer (the guests list and page, a
 * booking's guest): what the guest has spent with the resort is revenue.
 */
const GUEST_REVENUE_KEYS = ['total_spent', 'average_spent'] as const;

function hasRevenueKey(value: unknown, depth = 0): boolean {
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasRevenueKey(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) =>
      (GUEST_REVENUE_KEYS as readonly string[]).includes(key) || hasRevenueKey(item, depth + 1),
  );
}

function withoutRevenueKeys(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withoutRevenueKeys(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !(GUEST_REVENUE_KEYS as readonly string[]).includes(key))
      .map(([key, item]) => [key, withoutRevenueKeys(item, depth + 1)]),
  );
}

/**
 * settings.access.hide_revenue_from_staff for the guests' figures: an answer to the staff role
 * that carries a guest's total or average spent loses them before it is serialised (the response
 * schemas mark them optional). The dashboard and a cabin's page leave their revenue out in their
 * services; this covers the guest figures that many answers embed.
 */
export function registerGuestRevenueRedaction(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (request.actor?.role !== 'staff' || !hasRevenueKey(payload)) return payload;
    if (!(await app.deps.settings.hidesRevenueFrom('staff'))) return payload;
    return withoutRevenueKeys(payload);
  });
}
