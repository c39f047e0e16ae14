import { randomUUID } from 'node:crypto';
import { getRoute, type MatrixRoute } from '../../../support/role-matrix';
import type { MatrixRecords } from './records';

/**
 * Issue 17's role matrix entries: the extras catalogue (every member of staff reads it, managers
 * and up change it, anyone sees the bookable ones) and the resort's QR Ph code (owners upload
 * and remove it, anyone reads the current one).
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

/** Uploads a QR code as the matrix's administrator; its public URL. */
async function newQr(w: MatrixRecords): Promise<string> {
  const response = await w.clerk.inject({
    method: 'POST',
    url: '/api/settings/payment-qr',
    headers: { 'content-type': 'image/png' },
    payload: w.png,
  });
  if (response.statusCode !== 200) throw new Error(`QR upload: ${response.body}`);
  return (response.json() as { data: { qr_image_url: string } }).data.qr_image_url;
}

export function extrasAndPaymentSettingsRoutes(w: MatrixRecords): MatrixRoute[] {
  // One upload when the public route's callers are prepared (together, before any call).
  let currentQr: Promise<string> | undefined;
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
    {
      method: 'POST',
      url: '/api/bookings/:id/charges',
      access: 'staff',
      status: 201,
      request: async () => ({
        url: `/api/bookings/${(await w.booking()).booking_id}/charges`,
        payload: { extra_id: await newExtra(w), quantity: 2, note: 'Matrix breakfast' },
      }),
    },
    {
      method: 'POST',
      url: '/api/settings/payment-qr',
      access: 'owner',
      status: 200,
      request: () => ({
        url: '/api/settings/payment-qr',
        headers: { 'content-type': 'image/png' },
        payload: w.png,
      }),
    },
    {
      method: 'DELETE',
      url: '/api/settings/payment-qr',
      access: 'owner',
      status: 200,
      // Removing is idempotent: with a code or without, the answer is the instructions.
      request: async () => {
        await newQr(w);
        return { url: '/api/settings/payment-qr' };
      },
    },
    {
      method: 'GET',
      url: '/api/public/payment-qr/:key',
      access: 'public',
      status: 200,
      // The current code, uploaded when this route's turn comes (the routes above replace and
      // remove it).
      request: async () => ({ url: await (currentQr ??= newQr(w)) }),
    },
  ];
}
