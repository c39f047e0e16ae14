import { randomUUID } from 'node:crypto';
import { getRoute, type MatrixRoute } from '../../../support/role-matrix';
import type { MatrixRecords } from './records';

/**
 * Issue 17's role matrix entries: the extras catalogue (every member of staff reads it, managers
 * and up change it, anyone sees the bookable ones).
 */

type Json = Record<string, unknown>;

/** A new extra, made by the matrix's administrator; its id. */
async function newExtra(w: MatrixRecords): Promise<string> {
  const body = {
    name: `Matrix extra ${randomUUID()}`,
    price: 350,
    charge_per: 'person_night',
    tax_treatment: 'vatable',
    guest_bookable: true,
  };
  const answer = await w.call(w.clerk, 'POST', '/api/extras', body, 201);
  return (answer.data as Json).extra_id as string;
}

export function extrasAndPaymentSettingsRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    getRoute('/api/extras', 'staff'),
    {
      method: 'POST',
      url: '/api/extras',
      access: 'manager',
      status: 201,
      // A name of its own for each caller: the catalogue refuses a name twice.
      request: () => ({
        url: '/api/extras',
        payload: {
          name: `Matrix tour ${randomUUID()}`,
          price: 1400,
          charge_per: 'person',
          tax_treatment: 'vatable',
        },
      }),
    },
    {
      method: 'PATCH',
      url: '/api/extras/:id',
      access: 'manager',
      status: 200,
      request: async () => ({ url: `/api/extras/${await newExtra(w)}`, payload: { price: 375 } }),
    },
    getRoute('/api/public/extras', 'public'),
  ];
}
