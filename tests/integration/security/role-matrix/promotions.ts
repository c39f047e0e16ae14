import { randomUUID } from 'node:crypto';
import { getRoute, type MatrixRoute } from '../../../support/role-matrix';
import type { MatrixRecords } from './records';

/**
 * Issue 21's role matrix entries: stay rules (every member of staff reads them, owners and
 * administrators change them, anyone sees the current ones) and promo codes (managers and up).
 */

type Json = Record<string, unknown>;

const RULE = { from: '2031-03-01', to: '2031-03-10', min_nights: 2 };

/** A new stay rule, made by the matrix's administrator; its id. */
async function newRule(w: MatrixRecords): Promise<string> {
  const answer = await w.call(w.clerk, 'POST', '/api/stay-rules', RULE, 201);
  return (answer.data as Json).stay_rule_id as string;
}

/** A code of its own for each caller (codes are unique). */
const newCode = () => `MX-${randomUUID().slice(0, 8)}`;

async function newPromo(w: MatrixRecords): Promise<string> {
  const body = { code: newCode(), kind: 'percent', value: 10 };
  const answer = await w.call(w.clerk, 'POST', '/api/promo-codes', body, 201);
  return (answer.data as Json).promo_code_id as string;
}

export function promotionRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    getRoute('/api/stay-rules', 'staff'),
    getRoute('/api/public/stay-rules', 'public'),
    {
      method: 'POST',
      url: '/api/stay-rules',
      access: 'owner',
      status: 201,
      request: () => ({ url: '/api/stay-rules', payload: RULE }),
    },
    {
      method: 'PATCH',
      url: '/api/stay-rules/:id',
      access: 'owner',
      status: 200,
      request: async () => ({
        url: `/api/stay-rules/${await newRule(w)}`,
        payload: { max_nights: 9 },
      }),
    },
    {
      method: 'DELETE',
      url: '/api/stay-rules/:id',
      access: 'owner',
      status: 204,
      request: async () => ({ url: `/api/stay-rules/${await newRule(w)}` }),
    },
    getRoute('/api/promo-codes', 'manager'),
    getRoute(
      '/api/promo-codes/report',
      'manager',
      '/api/promo-codes/report?from=2031-01-01&to=2031-12-31',
    ),
    {
      method: 'POST',
      url: '/api/promo-codes',
      access: 'manager',
      status: 201,
      request: () => ({
        url: '/api/promo-codes',
        payload: { code: newCode(), kind: 'amount', value: 250 },
      }),
    },
    {
      method: 'PATCH',
      url: '/api/promo-codes/:id',
      access: 'manager',
      status: 200,
      request: async () => ({
        url: `/api/promo-codes/${await newPromo(w)}`,
        payload: { active: false },
      }),
    },
  ];
}
