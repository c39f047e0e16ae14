import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, signIn, type SignedIn } from '../../support/auth';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  confirmProof,
  createGuestBooking,
  guestBookingBody,
  makePng,
  putFile,
} from '../guest-booking/guest-helpers';

/**
 * Issue 10 "Access control": every staff endpoint refuses an expired and a revoked session with
 * 401; a guest can never read another guest's booking (the status lookup needs the matching
 * e-mail and answers a wrong one exactly like an unknown reference) or anyone's proof (stored
 * files have no public address). The role matrix (role-matrix-*.test.ts) fails on an endpoint it
 * does not list.
 */

/** Routes anyone may call (DESIGN §5 "Public"); every other /api route is a staff endpoint. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/public/settings',
  'GET /api/public/units',
  'GET /api/public/photos/:key',
  'GET /api/public/calendar',
  // Issue 17: the bookable extras and the resort's QR Ph code; issue 19: a cabin's export feed,
  // which answers its secret token, not a session.
  'GET /api/public/extras',
  'GET /api/public/payment-qr/:key',
  'GET /api/public/ical/:token',
  // Issue 18: the post-stay mail's unsubscribe link, whose signed token is its authority.
  'GET /api/public/unsubscribe/:token',
  'POST /api/public/unsubscribe/:token',
  // Issue 20: a guest's receipt, whose signed, expiring token (from the status answer) is its authority.
  'GET /api/public/documents/:id/pdf',
  // Issue 21: the stay rules not over, which the guest form shows before submitting.
  'GET /api/public/stay-rules',
  'POST /api/quote',
  'GET /api/captcha/config',
  'GET /api/captcha/challenge',
  'POST /api/guest-booking',
  'POST /api/guest-booking/confirm',
  'POST /api/guest-booking/payment',
  'POST /api/guest-booking/status',
  'PUT /api/storage/upload/:bucket/*',
  'POST /api/auth/sign-in',
  'POST /api/auth/two-factor/verify',
]);

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const AUTH_REQUIRED = 'Authentication required. Please sign in.';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function staffRoutes() {
  return t.app
    .routeTable()
    .filter(
      (route) =>
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/docs') &&
        route.method !== 'OPTIONS' &&
        !PUBLIC.has(`${route.method} ${route.url}`),
    );
}

async function expectEveryStaffEndpointRefuses(session: SignedIn, label: string) {
  const routes = staffRoutes();
  expect(routes.length).toBeGreaterThan(50);
  for (const route of routes) {
    const url = route.url.replace(/:[a-zA-Z_]+/g, SOME_ID).replace('*', 'x');
    const response = await t.app.inject({
      method: route.method as 'GET',
      url,
      headers: session.headers(),
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });
    const where = `${label}: ${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
    expect(response.statusCode, where).toBe(401);
    expect(response.json().message, where).toBe(AUTH_REQUIRED);
  }
}

describe(`access control (${process.env.TEST_DB})`, () => {
  it('every staff endpoint refuses an expired session', async () => {
    const account = await createUserWithRole(t, 'admin');
    const session = await signIn(t, account.email, account.password);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: session.headers(),
    });
    expect(before.statusCode).toBe(200);
    await t.database.query(
      `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [account.id],
    );
    await expectEveryStaffEndpointRefuses(session, 'expired');
  });

  it('every staff endpoint refuses a session revoked from another browser', async () => {
    const account = await createUserWithRole(t, 'admin');
    const revoked = await signIn(t, account.email, account.password);
    const other = await signIn(t, account.email, account.password);
    const sessions = await other.inject({ method: 'GET', url: '/api/auth/sessions' });
    expect(sessions.statusCode).toBe(200);
    const list = sessions.json() as { data: { id: string; current: boolean }[] };
    const target = list.data.find((entry) => !entry.current);
    expect(target).toBeDefined();
    const revoke = await other.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${target!.id}`,
    });
    expect(revoke.statusCode, revoke.body).toBeLessThan(300);
    await expectEveryStaffEndpointRefuses(revoked, 'revoked');
    // The browser that revoked it is still signed in.
    expect((await other.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(200);
  });

  it("a guest cannot read another guest's booking or anyone's proof", async () => {
    const unit = await createUnit(t.database, { max_occupancy: 4 });
    const mine = await createGuestBooking(
      t,
      guestBookingBody(unit.unit_id, { check_in: '2031-08-01', check_out: '2031-08-03' }),
    );
    const theirsBody = guestBookingBody(unit.unit_id, {
      check_in: '2031-08-05',
      check_out: '2031-08-07',
    });
    const theirs = await createGuestBooking(t, theirsBody);
    const png = await makePng();
    expect((await putFile(t, theirs.upload, png, 'image/png')).statusCode).toBe(200);
    expect((await confirmProof(t, theirs, png.length)).statusCode).toBe(200);

    const status = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/guest-booking/status', payload: body });
    // Their reference with my e-mail answers exactly as an unknown reference does.
    const myEmail = guestBookingBody(unit.unit_id).email;
    const wrongEmail = await status({
      booking_reference: theirs.booking.booking_reference,
      email: myEmail,
    });
    const unknown = await status({ booking_reference: 'BK-2031-ZZZZ', email: myEmail });
    expect(wrongEmail.statusCode).toBe(404);
    expect(wrongEmail.body).toBe(unknown.body);
    expect(mine.booking.booking_id).not.toBe(theirs.booking.booking_id);

    // Stored files have no public address: no GET under /api/storage, and the staff proof
    // endpoints want a session.
    const storageReads = t.app
      .routeTable()
      .filter((route) => route.url.startsWith('/api/storage') && route.method === 'GET');
    expect(storageReads).toEqual([]);
    const direct = await t.app.inject({
      method: 'GET',
      url: `/api/storage/upload/${theirs.upload.bucket}/${theirs.upload.path}`,
    });
    expect(direct.statusCode).toBe(404);
    const [payment] = await t.database.query<{ payment_id: string }>(
      'SELECT payment_id FROM payments WHERE booking_id = $1',
      [theirs.booking.booking_id],
    );
    const proof = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${payment!.payment_id}/proof`,
    });
    expect(proof.statusCode).toBe(401);
    // A reused upload token cannot overwrite it either.
    expect((await putFile(t, theirs.upload, png, 'image/png')).statusCode).toBe(403);
  });
});
