import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, hasRoleAtLeast, type Role } from '../../../src/domain/constants';
import { signIn, createUserWithRole, type SignedIn, type TestUser } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 3: every staff endpoint, called as anonymous, staff, manager, owner and admin. Anonymous
 * gets 401, a rank below the minimum 403, at or above it anything but 401/403 (usually 400 for
 * the empty body sent here, or 404 for a made-up id).
 *
 * A route that is in neither STAFF_ENDPOINTS nor PUBLIC_ENDPOINTS fails this test: new endpoints
 * join the matrix when they are added (DESIGN §5 "Who may do what").
 */

type Minimum = Role | 'signed-in';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Endpoint = {
  method: Method;
  url: string;
  min: Minimum;
  /** Sent as the JSON body of a state-changing call (default {}). */
  body?: unknown;
  /** Ends the session it is called with: each call gets a session of its own. */
  endsSession?: boolean;
  /** A long-lived stream (Server-Sent Events): only its status is read, then it is closed. */
  stream?: boolean;
};

const SOME_ID = '00000000-0000-4000-8000-000000000000';

export const STAFF_ENDPOINTS: Endpoint[] = [
  // Sign-in and account security (any signed-in user).
  { method: 'POST', url: '/api/auth/sign-out', min: 'signed-in', endsSession: true },
  { method: 'GET', url: '/api/auth/session', min: 'signed-in' },
  { method: 'GET', url: '/api/auth/csrf', min: 'signed-in' },
  { method: 'POST', url: '/api/auth/change-password', min: 'signed-in' },
  { method: 'GET', url: '/api/auth/security', min: 'signed-in' },
  { method: 'POST', url: '/api/auth/two-factor/enable', min: 'signed-in' },
  { method: 'POST', url: '/api/auth/two-factor/confirm', min: 'signed-in' },
  { method: 'POST', url: '/api/auth/two-factor/disable', min: 'signed-in' },
  { method: 'GET', url: '/api/auth/sessions', min: 'signed-in' },
  { method: 'DELETE', url: '/api/auth/sessions/:id', min: 'signed-in' },
  { method: 'PATCH', url: '/api/profile', min: 'signed-in' },
  { method: 'POST', url: '/api/audit/log-with-ip', min: 'signed-in' },
  // Back office.
  { method: 'GET', url: '/api/notifications/count', min: 'staff' },
  { method: 'GET', url: '/api/settings', min: 'staff' },
  { method: 'PATCH', url: '/api/settings', min: 'owner' },
  { method: 'GET', url: '/api/users', min: 'admin' },
  { method: 'POST', url: '/api/users', min: 'admin' },
  { method: 'PATCH', url: '/api/users/:id', min: 'admin' },
  // Units (cabins).
  { method: 'GET', url: '/api/units', min: 'staff' },
  { method: 'GET', url: '/api/units/:id', min: 'staff' },
  { method: 'POST', url: '/api/units', min: 'manager' },
  { method: 'PATCH', url: '/api/units/:id', min: 'manager' },
  { method: 'DELETE', url: '/api/units/:id', min: 'owner' },
  { method: 'POST', url: '/api/units/bulk-status', min: 'manager' },
  { method: 'GET', url: '/api/units/upcoming-bookings', min: 'staff' },
  // Cabin photos (issue 15): the JSON body sent here is no image, so 415 at or above manager.
  { method: 'POST', url: '/api/units/:id/photos', min: 'manager' },
  { method: 'PATCH', url: '/api/units/:id/photos/order', min: 'manager' },
  { method: 'PATCH', url: '/api/units/:id/photos/:photo_id', min: 'manager' },
  { method: 'DELETE', url: '/api/units/:id/photos/:photo_id', min: 'manager' },
  // Blackouts and the availability views.
  { method: 'GET', url: '/api/blackouts', min: 'staff' },
  { method: 'GET', url: '/api/blackouts/:id', min: 'staff' },
  { method: 'POST', url: '/api/blackouts', min: 'manager' },
  { method: 'PATCH', url: '/api/blackouts/:id', min: 'manager' },
  { method: 'DELETE', url: '/api/blackouts/:id', min: 'manager' },
  { method: 'GET', url: '/api/availability/calendar', min: 'staff' },
  { method: 'GET', url: '/api/availability/overview', min: 'staff' },
  { method: 'GET', url: '/api/availability/multi-unit', min: 'staff' },
  // Expenses: editing is also open to the creator (checked per record), so staff pass the guard.
  { method: 'GET', url: '/api/expenses', min: 'staff' },
  { method: 'GET', url: '/api/expenses/summary', min: 'staff' },
  { method: 'GET', url: '/api/expenses/:id', min: 'staff' },
  { method: 'POST', url: '/api/expenses', min: 'staff' },
  { method: 'PATCH', url: '/api/expenses/:id', min: 'staff' },
  { method: 'DELETE', url: '/api/expenses/:id', min: 'owner' },
  { method: 'POST', url: '/api/expenses/:id/proof-upload', min: 'staff' },
  { method: 'POST', url: '/api/expenses/:id/proof', min: 'staff' },
  { method: 'GET', url: '/api/expenses/:id/proof', min: 'staff' },
  // Live updates (Server-Sent Events).
  { method: 'GET', url: '/api/events', min: 'staff', stream: true },
  { method: 'GET', url: '/api/dashboard', min: 'staff' },
  // Bookings.
  { method: 'GET', url: '/api/bookings', min: 'staff' },
  { method: 'POST', url: '/api/bookings', min: 'staff' },
  // Multi-unit wizard: the empty body has no Idempotency-Key either (400).
  { method: 'POST', url: '/api/bookings/multi-unit', min: 'staff' },
  { method: 'GET', url: '/api/bookings/:id', min: 'staff' },
  { method: 'PATCH', url: '/api/bookings/:id', min: 'manager' },
  { method: 'POST', url: '/api/bookings/:id/status', min: 'staff' },
  { method: 'GET', url: '/api/bookings/:id/refund-preview', min: 'staff' },
  { method: 'POST', url: '/api/bookings/:id/cancel', min: 'manager' },
  { method: 'DELETE', url: '/api/bookings/:id', min: 'owner' },
  // Staff see an empty list below manager (SPEC §6); the route itself is open to all staff.
  { method: 'GET', url: '/api/bookings/:id/audit', min: 'staff' },
  // Payments.
  { method: 'GET', url: '/api/payments', min: 'staff' },
  { method: 'POST', url: '/api/payments', min: 'staff' },
  { method: 'GET', url: '/api/payments/:id', min: 'staff' },
  { method: 'PATCH', url: '/api/payments/:id', min: 'manager' },
  { method: 'POST', url: '/api/payments/:id/proof-upload', min: 'staff' },
  { method: 'POST', url: '/api/payments/:id/proof', min: 'staff' },
  { method: 'GET', url: '/api/payments/:id/proof', min: 'staff' },
  { method: 'POST', url: '/api/payments/:id/verify', min: 'manager' },
  { method: 'POST', url: '/api/payments/:id/refund', min: 'manager' },
  // Audit trail (DESIGN §3: owners and administrators; a record's history for managers up).
  { method: 'GET', url: '/api/audit-logs', min: 'owner' },
  { method: 'GET', url: '/api/audit-logs/stats', min: 'owner' },
  { method: 'GET', url: '/api/audit-logs/export.csv', min: 'owner' },
  { method: 'POST', url: '/api/audit-logs/archive', min: 'owner' },
  { method: 'GET', url: '/api/audit-logs/:id', min: 'owner' },
  { method: 'GET', url: '/api/audit-logs/records/:table/:record_id', min: 'manager' },
  // Guests.
  { method: 'GET', url: '/api/guests', min: 'staff' },
  { method: 'GET', url: '/api/guests/:id', min: 'staff' },
  { method: 'PATCH', url: '/api/guests/:id', min: 'manager' },
  { method: 'GET', url: '/api/guests/:id/export', min: 'manager' },
  { method: 'POST', url: '/api/guests/:id/anonymize', min: 'owner' },
];

/** Routes anyone may call (DESIGN §5 "Public"), plus the API documentation. */
export const PUBLIC_ENDPOINTS: { method: Method; url: string }[] = [
  { method: 'GET', url: '/api/health' },
  { method: 'GET', url: '/api/public/settings' },
  { method: 'GET', url: '/api/public/units' },
  { method: 'GET', url: '/api/public/photos/:key' },
  { method: 'GET', url: '/api/public/calendar' },
  { method: 'POST', url: '/api/quote' },
  { method: 'GET', url: '/api/captcha/config' },
  { method: 'GET', url: '/api/captcha/challenge' },
  { method: 'POST', url: '/api/guest-booking' },
  { method: 'POST', url: '/api/guest-booking/confirm' },
  { method: 'POST', url: '/api/guest-booking/status' },
  { method: 'PUT', url: '/api/storage/upload/:bucket/*' },
  { method: 'POST', url: '/api/auth/sign-in' },
  { method: 'POST', url: '/api/auth/two-factor/verify' },
  { method: 'GET', url: '/api/docs' },
  { method: 'GET', url: '/api/docs/json' },
  { method: 'GET', url: '/api/docs/yaml' },
  { method: 'GET', url: '/api/docs/static/*' },
  { method: 'GET', url: '/api/docs/static/index.html' },
  { method: 'GET', url: '/api/docs/static/swagger-initializer.js' },
];

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

function expectedStatus(endpoint: Endpoint, role: Role | 'anonymous'): 'ok' | 401 | 403 {
  if (role === 'anonymous') return 401;
  if (endpoint.min === 'signed-in') return 'ok';
  return hasRoleAtLeast(role, endpoint.min) ? 'ok' : 403;
}

let t: TestApp;
const accounts = new Map<Role, TestUser>();
const sessions = new Map<Role, SignedIn>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) {
    const account = await createUserWithRole(t, role);
    accounts.set(role, account);
    sessions.set(role, await signIn(t, account.email, account.password));
  }
});
afterAll(() => t.close());

async function call(endpoint: Endpoint, role: Role | 'anonymous') {
  const url = endpoint.url.replace(/:[a-z_]+/g, SOME_ID);
  const payload = endpoint.method === 'GET' ? undefined : (endpoint.body ?? {});
  if (endpoint.stream) return callStream(url, role);
  if (role === 'anonymous') {
    return t.app.inject({
      method: endpoint.method,
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  }
  let session = sessions.get(role)!;
  if (endpoint.endsSession) {
    const account = accounts.get(role)!;
    session = await signIn(t, account.email, account.password);
  }
  return session.inject({
    method: endpoint.method,
    url,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** A stream never ends by itself: read the body of a refusal, close an accepted stream. */
async function callStream(url: string, role: Role | 'anonymous') {
  const headers = role === 'anonymous' ? {} : sessions.get(role)!.headers();
  const response = await t.app.inject({ method: 'GET', url, headers, payloadAsStream: true });
  const stream = response.stream();
  let body = '';
  if (response.statusCode === 200) {
    stream.destroy();
  } else {
    for await (const chunk of stream) body += String(chunk);
  }
  return { statusCode: response.statusCode, body };
}

describe(`role matrix (${process.env.TEST_DB})`, () => {
  it('lists every registered route as a staff endpoint or a public one', () => {
    const listed = new Set([...STAFF_ENDPOINTS, ...PUBLIC_ENDPOINTS].map(key));
    const registered = t.app.routeTable().filter((route) => route.method !== 'OPTIONS');
    const unlisted = registered.map(key).filter((route) => !listed.has(route));
    expect(unlisted, 'add these routes to STAFF_ENDPOINTS or PUBLIC_ENDPOINTS').toEqual([]);
    const registeredKeys = new Set(registered.map(key));
    const stale = STAFF_ENDPOINTS.map(key).filter((route) => !registeredKeys.has(route));
    expect(stale, 'STAFF_ENDPOINTS names routes that do not exist').toEqual([]);
  });

  for (const endpoint of STAFF_ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.url} (minimum: ${endpoint.min})`, async () => {
      for (const role of ['anonymous', ...ROLES] as const) {
        const response = await call(endpoint, role);
        const expected = expectedStatus(endpoint, role);
        const label = `${role} → ${response.statusCode} ${response.body.slice(0, 120)}`;
        if (expected === 'ok') {
          expect([401, 403], label).not.toContain(response.statusCode);
          expect(response.statusCode, label).toBeLessThan(500);
        } else {
          expect(response.statusCode, label).toBe(expected);
        }
      }
    });
  }

  it('public endpoints never ask for a session', async () => {
    for (const endpoint of PUBLIC_ENDPOINTS) {
      if (endpoint.url.includes('*') || endpoint.url.includes(':')) continue;
      const registered = t.app.routeTable().some((route) => key(route) === key(endpoint));
      if (!registered) continue;
      const response = await t.app.inject({
        method: endpoint.method,
        url: endpoint.url,
        ...(endpoint.method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.statusCode, key(endpoint)).not.toBe(401);
    }
  });
});
