import { getRoute, type MatrixRoute } from '../../../support/role-matrix';
import { createBooking } from '../../../support/factories';
import type { MatrixRecords } from './records';

/**
 * The role matrix's channel sync routes (issue 19, DESIGN §8 "Channels"): managers and up see
 * and change a cabin's export and feeds; staff read the conflicts; the export URL is public.
 * Feeds point at 127.0.0.1, which this app (no FETCH_ALLOW_PRIVATE) refuses before connecting,
 * so a sync answers 200 with the refusal as the feed's last error.
 */

type Json = Record<string, unknown>;
const FEED_BODY = { name: 'Airbnb listing', url: 'http://127.0.0.1/matrix.ics', channel: 'Airbnb' };

async function feed(w: MatrixRecords): Promise<{ unitId: string; feedId: string }> {
  const unitId = await w.unitId();
  const answer = await w.call(w.clerk, 'POST', `/api/units/${unitId}/feeds`, FEED_BODY, 201);
  return { unitId, feedId: (answer.data as Json).feed_id as string };
}

/** An open conflict: a hold written over a direct booking of its own cabin. */
async function conflictId(w: MatrixRecords): Promise<string> {
  const { unitId, feedId } = await feed(w);
  await createBooking(w.t.database, unitId, { check_in: '2027-07-12', check_out: '2027-07-14' });
  const [row] = await w.t.database.query<{ hold_id: string }>(
    `INSERT INTO external_holds (feed_id, unit_id, uid, summary, start_date, end_date)
     VALUES ($1, $2, $3, 'Reserved', '2027-07-13', '2027-07-15') RETURNING hold_id`,
    [feedId, unitId, `matrix-${feedId}@airbnb.com`],
  );
  return row!.hold_id;
}

async function exportPath(w: MatrixRecords): Promise<string> {
  const unitId = await w.unitId();
  const answer = await w.call(w.clerk, 'GET', `/api/units/${unitId}/ical`, undefined, 200);
  return new URL((answer.data as Json).export_url as string).pathname;
}

export function channelRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    {
      method: 'GET',
      url: '/api/public/ical/:token',
      access: 'public',
      status: 200,
      request: async () => ({ url: await exportPath(w) }),
    },
    {
      method: 'GET',
      url: '/api/units/:id/ical',
      access: 'manager',
      status: 200,
      request: async () => ({ url: `/api/units/${await w.unitId()}/ical` }),
    },
    {
      method: 'POST',
      url: '/api/units/:id/ical/rotate',
      access: 'manager',
      status: 200,
      request: async () => ({ url: `/api/units/${await w.unitId()}/ical/rotate` }),
    },
    {
      method: 'DELETE',
      url: '/api/units/:id/ical',
      access: 'manager',
      status: 204,
      request: async () => ({ url: `/api/units/${await w.unitId()}/ical` }),
    },
    getRoute('/api/units/:id/feeds', 'manager', () => `/api/units/${w.shared.unitId}/feeds`),
    {
      method: 'POST',
      url: '/api/units/:id/feeds',
      access: 'manager',
      status: 201,
      request: async () => ({ url: `/api/units/${await w.unitId()}/feeds`, payload: FEED_BODY }),
    },
    {
      method: 'PATCH',
      url: '/api/units/:id/feeds/:feedId',
      access: 'manager',
      status: 200,
      request: async () => {
        const { unitId, feedId } = await feed(w);
        return { url: `/api/units/${unitId}/feeds/${feedId}`, payload: { name: 'Renamed' } };
      },
    },
    {
      method: 'DELETE',
      url: '/api/units/:id/feeds/:feedId',
      access: 'manager',
      status: 204,
      request: async () => {
        const { unitId, feedId } = await feed(w);
        return { url: `/api/units/${unitId}/feeds/${feedId}` };
      },
    },
    {
      method: 'POST',
      url: '/api/feeds/:id/sync',
      access: 'manager',
      status: 200,
      request: async () => ({ url: `/api/feeds/${(await feed(w)).feedId}/sync` }),
    },
    getRoute('/api/channel-conflicts', 'staff'),
    getRoute('/api/feeds/failing', 'manager'),
    {
      method: 'POST',
      url: '/api/channel-conflicts/:id/resolve',
      access: 'manager',
      status: 200,
      request: async () => ({
        url: `/api/channel-conflicts/${await conflictId(w)}/resolve`,
        payload: { resolution: 'handled_on_channel', note: 'Cancelled on Airbnb' },
      }),
    },
  ];
}
