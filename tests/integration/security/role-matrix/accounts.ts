import { randomUUID } from 'node:crypto';
import type { Role } from '../../../../src/domain/constants';
import { PNG_1PX } from '../../../support/back-office';
import {
  getRoute,
  roleOf,
  type Account,
  type Caller,
  type MatrixRequest,
  type MatrixRoute,
} from '../../../support/role-matrix';
import { totpFromUri } from '../../../support/totp';
import { guestBookingBody, uploadUrl } from '../../guest-booking/guest-helpers';
import { documentPublicRoutes } from './documents';
import { unsubscribeRoutes } from './messages';
import { STAY, type MatrixRecords } from './records';

/**
 * The role matrix's account, administration and public routes: sign-in and account security,
 * the profile, users, settings and the audit trail, and what anyone may call.
 */

type Json = Record<string, unknown>;

/**
 * A call on an account of its own: `prepare` makes one of the caller's role (fresh, or with
 * two-factor started or on) and `payload` is what that account sends.
 */
function onOwnAccount<A extends Account>(
  url: string,
  prepare: (role: Role) => Promise<A>,
  payload: (own: A) => Json,
): (caller: Caller) => Promise<MatrixRequest> {
  return async (caller) => {
    const own = await prepare(roleOf(caller));
    return { url, payload: payload(own), session: own };
  };
}

/** A job that ended failed (its kind has no handler, so a retry leaves it queued). */
async function failedJob(w: MatrixRecords): Promise<string> {
  const [row] = await w.t.database.query<{ job_id: string }>(
    `INSERT INTO jobs (kind, status, run_at, attempts, last_error, created_at, finished_at)
     VALUES ('role-matrix', 'failed', now(), 5, 'Mail server said no', now(), now())
     RETURNING job_id`,
  );
  return row!.job_id;
}

function accountRoutes(w: MatrixRecords): MatrixRoute[] {
  const fresh = (role: Role) => w.sessions.fresh(role);
  return [
    {
      method: 'POST',
      url: '/api/auth/sign-out',
      access: 'signed-in',
      status: 200,
      // Each caller signs out another session of its own account.
      request: async (caller) => ({
        url: '/api/auth/sign-out',
        session: await w.sessions.again(roleOf(caller)),
      }),
    },
    getRoute('/api/auth/session', 'signed-in'),
    getRoute('/api/auth/csrf', 'signed-in'),
    {
      method: 'POST',
      url: '/api/auth/change-password',
      access: 'signed-in',
      status: 200,
      request: onOwnAccount('/api/auth/change-password', fresh, (own) => ({
        current_password: own.account.password,
        new_password: 'a brand new passphrase 42',
      })),
    },
    getRoute('/api/auth/security', 'signed-in'),
    {
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      access: 'signed-in',
      status: 200,
      request: onOwnAccount('/api/auth/two-factor/enable', fresh, (own) => ({
        password: own.account.password,
      })),
    },
    {
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      access: 'signed-in',
      status: 200,
      // The code of the authenticator just set up, computed from its otpauth:// URI (RFC 6238).
      request: onOwnAccount(
        '/api/auth/two-factor/confirm',
        (role) => w.sessions.twoFactorStarted(role),
        (own) => ({ code: totpFromUri(own.totpUri) }),
      ),
    },
    {
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      access: 'signed-in',
      status: 200,
      request: onOwnAccount(
        '/api/auth/two-factor/disable',
        (role) => w.sessions.twoFactorOn(role),
        (own) => ({ password: own.account.password }),
      ),
    },
    getRoute('/api/auth/sessions', 'signed-in'),
    {
      method: 'DELETE',
      url: '/api/auth/sessions/:id',
      access: 'signed-in',
      status: 200,
      // The caller revokes another session of its own account.
      request: async (caller) => {
        const other = await w.sessions.again(roleOf(caller));
        const list = await w.call(other, 'GET', '/api/auth/sessions', undefined, 200);
        const { id } = (list.data as { id: string; current: boolean }[]).find((s) => s.current)!;
        return { url: `/api/auth/sessions/${id}` };
      },
    },
    {
      method: 'PATCH',
      url: '/api/profile',
      access: 'signed-in',
      status: 200,
      request: (caller) => ({ url: '/api/profile', payload: { name: `Matrix ${caller}` } }),
    },
    {
      method: 'POST',
      url: '/api/audit/log-with-ip',
      // Issue 22: back-office event logging is for staff and up, not a housekeeping account.
      access: 'staff',
      status: 200,
      request: () => ({
        url: '/api/audit/log-with-ip',
        payload: { tableName: 'system', description: 'Role matrix', category: 'SYSTEM' },
      }),
    },
  ];
}

function administrationRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    getRoute('/api/notifications/count', 'staff'),
    getRoute('/api/settings', 'staff'),
    {
      method: 'PATCH',
      url: '/api/settings',
      access: 'owner',
      status: 200,
      request: () => ({ url: '/api/settings', payload: { general: { tagline: 'Role matrix' } } }),
    },
    getRoute('/api/users', 'admin'),
    {
      method: 'POST',
      url: '/api/users',
      access: 'admin',
      status: 201,
      request: () => ({
        url: '/api/users',
        payload: {
          email: `matrix-${randomUUID()}@resort.test`,
          name: 'Matrix Person',
          password: 'correct horse matrix battery',
          role: 'staff',
        },
      }),
    },
    {
      method: 'PATCH',
      url: '/api/users/:id',
      access: 'admin',
      status: 200,
      request: () => ({
        url: `/api/users/${w.shared.account.id}`,
        payload: { name: 'Renamed Person' },
      }),
    },
    // Settings → System (issue 18): the job queue, administrators only.
    getRoute('/api/jobs', 'admin'),
    {
      method: 'POST',
      url: '/api/jobs/:id/retry',
      access: 'admin',
      status: 200,
      // Each allowed caller retries a failed job of its own.
      request: async () => ({ url: `/api/jobs/${await failedJob(w)}/retry` }),
    },
    // The audit trail (DESIGN §3: owners and administrators; a record's history for managers up).
    getRoute('/api/audit-logs', 'owner'),
    getRoute('/api/audit-logs/stats', 'owner'),
    getRoute('/api/audit-logs/export.csv', 'owner'),
    {
      method: 'POST',
      url: '/api/audit-logs/archive',
      access: 'owner',
      status: 200,
      // A cutoff before every row: the archive runs and removes nothing another call reads.
      request: () => ({ url: '/api/audit-logs/archive', payload: { cutoff: '2000-01-01' } }),
    },
    getRoute('/api/audit-logs/:id', 'owner', () => `/api/audit-logs/${w.shared.auditId}`),
    getRoute(
      '/api/audit-logs/records/:table/:record_id',
      'manager',
      () => `/api/audit-logs/records/bookings/${w.shared.bookingId}`,
    ),
  ];
}

/** Routes anyone may call (DESIGN §5 "Public"), plus the API documentation. */
function publicRoutes(w: MatrixRecords): MatrixRoute[] {
  let twoFactorAccount: ReturnType<MatrixRecords['sessions']['twoFactorOn']> | undefined;
  return [
    getRoute('/api/health', 'public'),
    getRoute('/api/public/settings', 'public'),
    getRoute('/api/public/units', 'public'),
    getRoute('/api/public/photos/:key', 'public', () => `/api/public/photos/${w.shared.photo.key}`),
    getRoute(
      '/api/public/calendar',
      'public',
      '/api/public/calendar?from=2027-07-01&to=2027-07-31',
    ),
    {
      method: 'POST',
      url: '/api/quote',
      access: 'public',
      status: 200,
      request: () => ({
        url: '/api/quote',
        payload: { units: [{ unit_id: w.shared.unitId, num_guests: 2 }], ...STAY },
      }),
    },
    getRoute('/api/captcha/config', 'public'),
    {
      method: 'POST',
      url: '/api/guest-booking',
      access: 'public',
      status: 201,
      request: async () => ({
        url: '/api/guest-booking',
        payload: guestBookingBody(await w.unitId(), STAY),
      }),
    },
    {
      method: 'POST',
      url: '/api/guest-booking/confirm',
      access: 'public',
      status: 200,
      request: async () => {
        const created = await w.guestBooking();
        await w.upload(created.upload);
        return {
          url: '/api/guest-booking/confirm',
          payload: {
            booking_id: created.booking.booking_id,
            file_path: created.upload.path,
            file_size: PNG_1PX.length,
          },
        };
      },
    },
    {
      // Issue 17: a later proof for the balance; the shared guest booking still owes its total.
      method: 'POST',
      url: '/api/guest-booking/payment',
      access: 'public',
      status: 200,
      request: () => ({
        url: '/api/guest-booking/payment',
        payload: {
          booking_reference: w.shared.guestBooking.reference,
          email: w.shared.guestBooking.email,
          file_name: 'balance.png',
          file_type: 'image/png',
          file_size: PNG_1PX.length,
        },
      }),
    },
    {
      method: 'POST',
      url: '/api/guest-booking/status',
      access: 'public',
      status: 200,
      request: () => ({
        url: '/api/guest-booking/status',
        payload: {
          booking_reference: w.shared.guestBooking.reference,
          email: w.shared.guestBooking.email,
        },
      }),
    },
    {
      method: 'PUT',
      url: '/api/storage/upload/:bucket/*',
      access: 'public',
      status: 200,
      // The signed upload authorises the call: each caller sends a new guest booking's proof.
      request: async () => ({
        url: uploadUrl((await w.guestBooking()).upload),
        headers: { 'content-type': 'image/png' },
        payload: PNG_1PX,
      }),
    },
    {
      method: 'POST',
      url: '/api/auth/sign-in',
      access: 'public',
      status: 200,
      request: () => ({
        url: '/api/auth/sign-in',
        payload: { email: w.shared.account.email, password: w.shared.account.password },
      }),
    },
    {
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      access: 'public',
      status: 200,
      // One two-factor account; each caller starts a sign-in of it and sends its current code.
      request: async () => {
        twoFactorAccount ??= w.sessions.twoFactorOn('staff');
        const pending = await w.sessions.twoFactorSignInStarted(await twoFactorAccount);
        return {
          url: '/api/auth/two-factor/verify',
          cookies: pending.cookies,
          payload: { code: pending.code },
        };
      },
    },
    // Issue 18: the post-stay mail's unsubscribe link.
    ...unsubscribeRoutes(w),
    ...documentPublicRoutes(w),
    getRoute('/api/docs', 'public'),
    getRoute('/api/docs/json', 'public'),
    getRoute('/api/docs/yaml', 'public'),
    getRoute('/api/docs/static/*', 'public', '/api/docs/static/swagger-ui.css'),
    {
      ...getRoute('/api/docs/static/index.html', 'public'),
      status: 302,
      note: '@fastify/swagger-ui serves its page at /api/docs/ and redirects its static index there',
    },
    getRoute('/api/docs/static/swagger-initializer.js', 'public'),
  ];
}

/**
 * The ALTCHA challenge exists only when ALTCHA is the bot challenge (with the tests' `none` it
 * answers 404), so it is called on an app of its own configured so: on that app each guest
 * booking above would need a solved proof of work.
 */
export const ALTCHA_ROUTES: MatrixRoute[] = [getRoute('/api/captcha/challenge', 'public')];

/** The routes of role-matrix-accounts.test.ts on the usual app. */
export function accountAndPublicRoutes(w: MatrixRecords): MatrixRoute[] {
  return [...accountRoutes(w), ...administrationRoutes(w), ...publicRoutes(w)];
}
