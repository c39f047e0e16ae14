import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCookieName, SESSION_MAX_AGE_SECONDS } from '../../../src/server/auth/auth';
import { verifiedSessionToken } from '../../../src/server/http/guards';
import { signInAs } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 9: a staff request checks its session, user and role in one query while the session is
 * not yet due for better-auth's refresh. These prove the short path changes nothing a member of
 * staff or an attacker could notice: forged cookies, revoked roles and sessions, and the refresh.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const expiresAt = async (userId: string) =>
  new Date(
    (
      await t.database.query<{ expires_at: string }>(
        'SELECT expires_at FROM sessions WHERE user_id = $1',
        [userId],
      )
    )[0]!.expires_at,
  ).getTime();

describe(`the session check (${process.env.TEST_DB})`, () => {
  it('accepts only a cookie signed with the secret', () => {
    const secret = 'a-secret-of-some-length';
    const signature = (token: string, key: string) =>
      // The same HMAC better-auth signs with, computed another way (Web Crypto below).
      crypto.subtle
        .importKey('raw', new TextEncoder().encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
          'sign',
        ])
        .then((k) => crypto.subtle.sign('HMAC', k, new TextEncoder().encode(token)))
        .then((bytes) => Buffer.from(bytes).toString('base64'));
    return signature('token123', secret).then((good) => {
      expect(verifiedSessionToken(`token123.${good}`, secret)).toBe('token123');
      expect(verifiedSessionToken(`token124.${good}`, secret)).toBeNull();
      expect(verifiedSessionToken(`token123.${good}`, 'another-secret')).toBeNull();
      expect(verifiedSessionToken('token123', secret)).toBeNull();
      expect(verifiedSessionToken(`.${good}`, secret)).toBeNull();
      expect(verifiedSessionToken(undefined, secret)).toBeNull();
    });
  });

  it('refuses a session token with a forged signature', async () => {
    const staff = await signInAs(t, 'manager');
    const name = authCookieName(t.config, 'session_token');
    const real = decodeURIComponent(staff.jar.get(name)!);
    const token = real.slice(0, real.lastIndexOf('.'));
    // The short path reads better-auth's own cookie: if its signing ever changed, this fails
    // (rather than every request silently taking the long path).
    expect(verifiedSessionToken(real, t.config.sessionSecret)).toBe(token);
    const [row] = await t.database.query<{ token: string }>(
      'SELECT token FROM sessions WHERE user_id = $1',
      [staff.user.id],
    );
    expect(row!.token).toBe(token);
    const forged = `${token}.${Buffer.alloc(32, 7).toString('base64')}`;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/bookings',
      headers: { cookie: `${name}=${encodeURIComponent(forged)}` },
    });
    expect(response.statusCode).toBe(401);
    expect((await staff.inject({ method: 'GET', url: '/api/bookings' })).statusCode).toBe(200);
  });

  it('a role taken away ends access on the next request', async () => {
    const staff = await signInAs(t, 'manager');
    expect((await staff.inject({ method: 'GET', url: '/api/bookings' })).statusCode).toBe(200);
    await t.database.query('UPDATE app_roles SET is_active = false WHERE user_id = $1', [
      staff.user.id,
    ]);
    expect((await staff.inject({ method: 'GET', url: '/api/bookings' })).statusCode).toBe(401);
  });

  it('a recent session is checked without a write; one due for renewal is renewed', async () => {
    const staff = await signInAs(t, 'manager');
    const first = await expiresAt(staff.user.id);
    const fresh = await staff.inject({ method: 'GET', url: '/api/bookings' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['set-cookie'] ?? []).not.toEqual(
      expect.arrayContaining([expect.stringContaining('session_token')]),
    );
    expect(await expiresAt(staff.user.id)).toBe(first);

    // 20 minutes later (more than the 15 of updateAge): the session's life is extended again.
    await t.database.query(
      `UPDATE sessions SET expires_at = now() + make_interval(secs => $2) WHERE user_id = $1`,
      [staff.user.id, SESSION_MAX_AGE_SECONDS - 20 * 60],
    );
    const due = await expiresAt(staff.user.id);
    const renewed = await staff.inject({ method: 'GET', url: '/api/bookings' });
    expect(renewed.statusCode).toBe(200);
    const later = await expiresAt(staff.user.id);
    expect(later - due).toBeGreaterThan(15 * 60 * 1000);
    expect(String(renewed.headers['set-cookie'])).toContain('session_token');
  });
});
