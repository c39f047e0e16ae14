import { getRoute, type MatrixRoute } from '../../../support/role-matrix';
import { STAY, type MatrixRecords } from './records';

/**
 * Issue 22's role matrix entries: the front desk's day sheet and the three changes of a stay,
 * for every member of staff (not housekeeping), each on a booking of its own.
 */

async function unitOf(w: MatrixRecords, bookingId: string): Promise<string> {
  const [line] = await w.t.database.query<{ unit_id: string }>(
    'SELECT unit_id FROM booking_units WHERE booking_id = $1',
    [bookingId],
  );
  return line!.unit_id;
}

export function frontDeskRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    getRoute('/api/front-desk', 'staff', () => `/api/front-desk?date=${STAY.check_in}`),
    {
      method: 'POST',
      url: '/api/bookings/:id/early-departure',
      access: 'staff',
      status: 200,
      request: async () => ({
        url: `/api/bookings/${(await w.booking()).booking_id}/early-departure`,
        payload: { check_out: '2027-07-13', refund: false, reason: 'Family emergency' },
      }),
    },
    {
      method: 'POST',
      url: '/api/bookings/:id/extend',
      access: 'staff',
      status: 200,
      request: async () => ({
        url: `/api/bookings/${(await w.booking()).booking_id}/extend`,
        payload: { check_out: '2027-07-15' },
      }),
    },
    {
      method: 'POST',
      url: '/api/bookings/:id/move',
      access: 'staff',
      status: 200,
      request: async () => {
        const booking = await w.booking();
        return {
          url: `/api/bookings/${booking.booking_id}/move`,
          payload: {
            from_unit_id: await unitOf(w, booking.booking_id),
            to_unit_id: await w.unitId(),
            from_date: '2027-07-13',
          },
        };
      },
    },
  ];
}
