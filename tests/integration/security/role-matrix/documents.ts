import { documentPdfToken } from '../../../../src/server/documents/documents.service';
import { getRoute, type MatrixRoute } from '../../../support/role-matrix';
import type { MatrixRecords } from './records';

/**
 * Issue 20's role matrix entries: a booking's documents (every member of staff issues, lists and
 * downloads them), voiding one and the sales journal with its exports (managers and up), and the
 * guest's signed PDF link (anyone: its token is its authority).
 */

type Json = Record<string, unknown>;

const SELLER = {
  registered_name: 'Matrix Resort Inc.',
  address: 'El Nido, Palawan',
  tin: '123-456-789-000',
};
const DAY = '2027-06-01';

let profiled: Promise<void> | null = null;

/** Settings → Billing filled in once, by the administrator who makes the records. */
function withProfile(w: MatrixRecords): Promise<void> {
  profiled ??= w
    .call(w.clerk, 'PATCH' as 'POST', '/api/settings', { billing: SELLER }, 200)
    .then(() => undefined);
  return profiled;
}

/** A new booking's stay document, issued by the administrator: its id. */
async function newDocument(w: MatrixRecords): Promise<string> {
  await withProfile(w);
  const booking = await w.booking();
  const answer = await w.call(
    w.clerk,
    'POST',
    `/api/bookings/${booking.booking_id}/documents`,
    { scope: 'booking' },
    201,
  );
  return (answer.data as Json).document_id as string;
}

let sharedDocument: Promise<string> | null = null;
const shared = (w: MatrixRecords) => (sharedDocument ??= newDocument(w));

export function documentRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    {
      method: 'POST',
      url: '/api/bookings/:id/documents',
      access: 'staff',
      status: 201,
      request: async () => {
        await withProfile(w);
        const booking = await w.booking();
        return {
          url: `/api/bookings/${booking.booking_id}/documents`,
          payload: { scope: 'booking' },
        };
      },
    },
    getRoute(
      '/api/bookings/:id/documents',
      'staff',
      () => `/api/bookings/${w.shared.bookingId}/documents`,
    ),
    {
      ...getRoute('/api/documents/:id/pdf', 'staff'),
      request: async () => ({ url: `/api/documents/${await shared(w)}/pdf?layout=roll` }),
    },
    {
      method: 'POST',
      url: '/api/documents/:id/void',
      access: 'manager',
      status: 200,
      request: async () => ({
        url: `/api/documents/${await newDocument(w)}/void`,
        payload: { reason: 'Role matrix' },
      }),
    },
    getRoute('/api/documents', 'manager', `/api/documents?from=${DAY}&to=${DAY}`),
    getRoute(
      '/api/documents/export',
      'manager',
      `/api/documents/export?from=${DAY}&to=${DAY}&format=csv`,
    ),
  ];
}

/** The guest's download from /check-booking: no session, the signed token is the authority. */
export function documentPublicRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    {
      ...getRoute('/api/public/documents/:id/pdf', 'public'),
      request: async () => {
        const id = await shared(w);
        const token = documentPdfToken(
          w.t.config.sessionSecret,
          id,
          new Date(Date.parse(`${DAY}T00:00:00Z`) + 7 * 86_400_000),
        );
        return { url: `/api/public/documents/${id}/pdf?token=${encodeURIComponent(token)}` };
      },
    },
  ];
}
