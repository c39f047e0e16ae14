import { randomUUID } from 'node:crypto';
import { unsubscribeToken } from '../../../../src/server/messages/messages.service';
import { getRoute, type MatrixRequest, type MatrixRoute } from '../../../support/role-matrix';
import { STAY, type MatrixRecords } from './records';

/**
 * Issue 18's role matrix entries: a booking's messages (every member of staff lists them, sends a
 * scheduled one now, resends one and writes a one-off), the template preview and test send
 * (owners and administrators), and the post-stay mail's unsubscribe link (anyone: its token is
 * its authority).
 */

type Json = Record<string, unknown>;
type Message = { message_id: string; kind: string; status: string };

const TEMPLATE = {
  kind: 'pre_arrival',
  subject: 'See you soon, {{guest_name}}',
  body: 'Your stay {{booking_reference}} starts on {{check_in}}.\n\n{{arrival_info}}',
};

/**
 * A booking made through the API, as staff make one, with a guest e-mail: its "booking received"
 * left with the request and its reminders are scheduled (the stay is weeks after the matrix's
 * today).
 */
async function bookedWithMessages(w: MatrixRecords): Promise<{ bookingId: string }> {
  const body = {
    unit_id: await w.unitId(),
    guest_name: 'Liza Soberano',
    contact_number: '0917 765 4321',
    email: `matrix-${randomUUID()}@example.ph`,
    num_guests: 2,
    ...STAY,
  };
  const answer = await w.call(w.clerk, 'POST', '/api/bookings', body, 201);
  // Issue 24: its "booking received" leaves after the answer.
  await w.t.app.deps.jobs.settled();
  return { bookingId: (answer.data as Json).booking_id as string };
}

/** The address of an action on a new booking's message of this kind in this status. */
async function actionOnNewBooking(
  w: MatrixRecords,
  kind: string,
  status: string,
  action: 'send' | 'resend',
): Promise<MatrixRequest> {
  const { bookingId } = await bookedWithMessages(w);
  const url = `/api/bookings/${bookingId}/messages`;
  const list = (await w.call(w.clerk, 'GET', url, undefined, 200)).data as Message[];
  const found = list.find((row) => row.kind === kind && row.status === status);
  if (!found) throw new Error(`no ${status} ${kind} message: ${JSON.stringify(list)}`);
  return { url: `${url}/${found.message_id}/${action}` };
}

/** A booking's message routes, and the owners' preview and test send. */
export function messageRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    getRoute(
      '/api/bookings/:id/messages',
      'staff',
      () => `/api/bookings/${w.shared.bookingId}/messages`,
    ),
    {
      method: 'POST',
      url: '/api/bookings/:id/messages',
      access: 'staff',
      status: 201,
      request: () => ({
        url: `/api/bookings/${w.shared.bookingId}/messages`,
        payload: {
          subject: 'Your boat transfer',
          body: 'Hello {{guest_name}},\n\nThe boat leaves the pier at 2:00 PM.',
        },
      }),
    },
    // Each allowed caller sends a scheduled balance reminder of a booking of its own now, and
    // resends the "booking received" of another.
    {
      method: 'POST',
      url: '/api/bookings/:id/messages/:messageId/send',
      access: 'staff',
      status: 200,
      request: () => actionOnNewBooking(w, 'balance_reminder', 'scheduled', 'send'),
    },
    {
      method: 'POST',
      url: '/api/bookings/:id/messages/:messageId/resend',
      access: 'staff',
      status: 201,
      request: () => actionOnNewBooking(w, 'booking_received', 'sent', 'resend'),
    },
    {
      method: 'POST',
      url: '/api/messages/preview',
      access: 'owner',
      status: 200,
      request: () => ({
        url: '/api/messages/preview',
        payload: { ...TEMPLATE, booking_id: w.shared.bookingId },
      }),
    },
    {
      method: 'POST',
      url: '/api/messages/test',
      access: 'owner',
      status: 200,
      request: () => ({
        url: '/api/messages/test',
        payload: { ...TEMPLATE, booking_id: w.shared.bookingId },
      }),
    },
  ];
}

/** The post-stay mail's unsubscribe link: no session, the signed token is the authority. */
export function unsubscribeRoutes(w: MatrixRecords): MatrixRoute[] {
  const token = () =>
    unsubscribeToken(w.t.config.sessionSecret, `matrix-${randomUUID()}@example.ph`, 'post_stay');
  return [
    getRoute(
      '/api/public/unsubscribe/:token',
      'public',
      () => `/api/public/unsubscribe/${token()}`,
    ),
    {
      method: 'POST',
      url: '/api/public/unsubscribe/:token',
      access: 'public',
      status: 200,
      // RFC 8058 one-click, as a mail provider sends it.
      request: () => ({
        url: `/api/public/unsubscribe/${token()}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      }),
    },
  ];
}
