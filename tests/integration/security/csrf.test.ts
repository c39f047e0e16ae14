import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_MESSAGE, CROSS_ORIGIN_MESSAGE, isCsrfExempt } from '../../../src/server/http/csrf';
import { MESSAGES } from '../../../src/server/errors';
import { createUserWithRole, signInAs, type SignedIn } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t, 'owner');
});
afterAll(() => t.close());

const PATCH = { general: { tagline: 'Changed by a CSRF test' } };

async function storedGeneral(): Promise<unknown> {
  const rows = await t.database.query<{ value: unknown }>(
    `SELECT value FROM settings WHERE key = 'general'`,
  );
  return rows[0]?.value;
}

function patchSettings(headers: Record<string, string>) {
  return t.app.inject({ method: 'PATCH', url: '/api/settings', payload: PATCH, headers });
}

describe(`CSRF token (${process.env.TEST_DB})`, () => {
  it('GET /api/auth/csrf answers a 64-hex token valid for an hour, the same one while fresh', async () => {
    const first = await owner.inject({ method: 'GET', url: '/api/auth/csrf' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.token).toMatch(/^[0-9a-f]{64}$/);
    const lifetime = new Date(body.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000);
    const cookies = [first.headers['set-cookie'] ?? []].flat().join('\n');
    if (cookies) expect(cookies).toMatch(/HttpOnly/);
    const second = await owner.inject({ method: 'GET', url: '/api/auth/csrf' });
    expect(second.json().token).toBe(body.token);
  });

  it('GET /api/auth/csrf without a session answers 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/csrf' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a state-changing call without the token (403) and changes nothing', async () => {
    const response = await patchSettings({ cookie: owner.cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: CSRF_MESSAGE });
    expect(await storedGeneral()).toBeUndefined();
  });

  it('refuses a wrong token and a token of another session', async () => {
    const wrong = await patchSettings({
      cookie: owner.cookie,
      'x-csrf-token': randomBytes(32).toString('hex'),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: CSRF_MESSAGE });

    const malformed = await patchSettings({ cookie: owner.cookie, 'x-csrf-token': 'abc' });
    expect(malformed.statusCode).toBe(403);

    // Another owner's token and CSRF cookie, with this owner's session cookie.
    const other = await signInAs(t, 'owner');
    const otherCsrfCookie = other.jar.get('resort.csrf')!;
    const mixed = owner.jar.clone();
    mixed.set('resort.csrf', otherCsrfCookie);
    const crossed = await patchSettings({ cookie: mixed.header(), 'x-csrf-token': other.csrf });
    expect(crossed.statusCode).toBe(403);
    expect(await storedGeneral()).toBeUndefined();
  });

  it('refuses an expired token (issued more than an hour ago)', async () => {
    const session = await t.database.query<{ id: string }>(
      'SELECT id FROM sessions WHERE user_id = $1',
      [owner.user.id],
    );
    const token = randomBytes(32).toString('hex');
    const issued = Date.now() - 61 * 60 * 1000;
    const signed = t.app.signCookie(`${token}|${issued}|${session[0]!.id}`);
    const jar = owner.jar.clone();
    jar.set('resort.csrf', encodeURIComponent(signed));
    const response = await patchSettings({ cookie: jar.header(), 'x-csrf-token': token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: CSRF_MESSAGE });
    // The same token issued now is accepted, so only its age was wrong.
    const fresh = owner.jar.clone();
    fresh.set(
      'resort.csrf',
      encodeURIComponent(t.app.signCookie(`${token}|${Date.now()}|${session[0]!.id}`)),
    );
    const ok = await patchSettings({ cookie: fresh.header(), 'x-csrf-token': token });
    expect(ok.statusCode).toBe(200);
    await t.database.query(`DELETE FROM settings WHERE key = 'general'`);
  });

  it('refuses a foreign Origin, or a foreign Referer without Origin, even with the right token', async () => {
    const foreign = await patchSettings({ ...owner.headers(), origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: CROSS_ORIGIN_MESSAGE });

    const referer = await patchSettings({
      ...owner.headers(),
      referer: 'https://evil.example/page',
    });
    expect(referer.statusCode).toBe(403);

    const opaque = await patchSettings({ ...owner.headers(), origin: 'null' });
    expect(opaque.statusCode).toBe(403);

    // Same host, another port or scheme, is another origin.
    const otherPort = await patchSettings({ ...owner.headers(), origin: 'http://localhost:8080' });
    expect(otherPort.statusCode).toBe(403);
    expect(await storedGeneral()).toBeUndefined();
  });

  it('accepts the right token from the app’s own origin, and with no Origin at all', async () => {
    const sameOrigin = await patchSettings({ ...owner.headers(), origin: 'http://localhost' });
    expect(sameOrigin.statusCode).toBe(200);
    expect(await storedGeneral()).toMatchObject({ tagline: 'Changed by a CSRF test' });

    const noOrigin = await owner.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: { general: { tagline: 'Changed again' } },
    });
    expect(noOrigin.statusCode).toBe(200);
    expect(await storedGeneral()).toMatchObject({ tagline: 'Changed again' });
  });

  it('refuses sign-in from another origin; sign-in needs no token', async () => {
    const user = await createUserWithRole(t, 'staff');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: user.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();

    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: user.password },
      headers: { origin: 'http://localhost' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('answers 401 before CSRF for a state-changing call without a session', async () => {
    const response = await patchSettings({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.authRequired });
  });

  it('keeps the public guest endpoints and sign-in out of the token check', () => {
    for (const url of [
      '/api/auth/sign-in',
      '/api/auth/two-factor/verify',
      '/api/guest-booking',
      '/api/guest-booking/confirm',
      '/api/guest-booking/status',
      '/api/quote',
      '/api/storage/upload/:bucket/*',
      '/api/captcha/challenge',
    ]) {
      expect(isCsrfExempt(url), url).toBe(true);
    }
    for (const url of [
      '/api/settings',
      '/api/users/:id',
      '/api/auth/sign-out',
      '/api/guest-bookings',
    ]) {
      expect(isCsrfExempt(url), url).toBe(false);
    }
  });
});
