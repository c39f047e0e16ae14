import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../src/server/auth/auth-messages';
import {
  CookieJar,
  createUserWithRole,
  injectWithJar,
  sessionFromJar,
  signIn,
  type SignedIn,
  type TestUser,
} from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import { totpFromUri } from '../../support/totp';

let t: TestApp;
let user: TestUser;
let session: SignedIn;
let totpUri: string;
let backupCodes: string[];

beforeAll(async () => {
  t = await createTestApp();
  user = await createUserWithRole(t, 'manager');
  session = await signIn(t, user.email, user.password);
});
afterAll(() => t.close());

/** A code for the next 30-second step never repeats the one just used (no replay questions). */
function codeAt(offsetSteps = 0): string {
  return totpFromUri(totpUri, new Date(Date.now() + offsetSteps * 30_000));
}

async function security() {
  return (await session.inject({ method: 'GET', url: '/api/auth/security' })).json() as {
    password_changed_at: string | null;
    two_factor_enabled: boolean;
  };
}

async function startSignIn(): Promise<{ jar: CookieJar; status: number; body: unknown }> {
  const jar = new CookieJar();
  const response = await injectWithJar(t, jar, {
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: user.email, password: user.password },
  });
  return { jar, status: response.statusCode, body: response.json() };
}

describe(`two-factor set-up and sign-in (${process.env.TEST_DB})`, () => {
  it('enable checks the password', async () => {
    const response = await session.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      payload: { password: 'not my password at all' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'password', message: AUTH_MESSAGES.passwordWrong },
    ]);
  });

  it('enable answers an otpauth URI, an SVG QR code and backup codes; 2FA stays off until confirmed', async () => {
    const response = await session.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      payload: { password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totp_uri).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+/);
    expect(body.totp_uri).toContain(encodeURIComponent(user.email));
    expect(body.totp_uri).toMatch(/issuer=Playa/);
    expect(body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(body.backup_codes).toHaveLength(10);
    totpUri = body.totp_uri;
    backupCodes = body.backup_codes;
    expect(await security()).toMatchObject({ two_factor_enabled: false });
    // Sign-in is still one step.
    expect((await startSignIn()).body).toMatchObject({ user: { email: user.email } });
  });

  it('confirm refuses a wrong code with 400 (the session stays signed in)', async () => {
    const wrong = codeAt(0) === '000000' ? '111111' : '000000';
    const response = await session.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      payload: { code: wrong },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'code', message: AUTH_MESSAGES.invalidCode }]);
    expect(await security()).toMatchObject({ two_factor_enabled: false });
  });

  it('confirm with the current code turns 2FA on; the CSRF token keeps working', async () => {
    const response = await session.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      payload: { code: codeAt(0) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ two_factor_enabled: true });
    expect(await security()).toMatchObject({ two_factor_enabled: true });
    // better-auth replaced the session; the page's token followed it.
    const profile = await session.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: { name: 'Mara Manager' },
    });
    expect(profile.statusCode).toBe(200);
    const audit = await t.database.query(
      `SELECT 1 FROM audit_logs WHERE event_type = 'two_factor_enabled' AND user_id = $1`,
      [user.id],
    );
    expect(audit).toHaveLength(1);
  });

  it('sign-in then asks for the code and makes no session until it is given', async () => {
    const { jar, status, body } = await startSignIn();
    expect(status).toBe(200);
    expect(body).toEqual({ two_factor_required: true });
    expect(jar.has('resort.session_token')).toBe(false);
    expect(jar.has('resort.two_factor')).toBe(true);
    const session401 = await injectWithJar(t, jar, { method: 'GET', url: '/api/auth/session' });
    expect(session401.statusCode).toBe(401);

    const wrong = await injectWithJar(t, jar, {
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      payload: { code: codeAt(0) === '123456' ? '654321' : '123456' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.invalidCode });

    const right = await injectWithJar(t, jar, {
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      payload: { code: codeAt(0) },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({
      user: { id: user.id, email: user.email, name: 'Mara Manager', role: 'manager' },
    });
    expect(jar.has('resort.session_token')).toBe(true);
    const signedIn = await sessionFromJar(t, jar, right.json().user);
    expect((await signedIn.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(
      200,
    );

    const events = await t.database.query<{ event_type: string; metadata: { method?: string } }>(
      `SELECT event_type, metadata FROM audit_logs WHERE source = 'app' AND metadata->>'email' = $1 ORDER BY seq DESC LIMIT 2`,
      [user.email],
    );
    expect(events[0]).toMatchObject({ event_type: 'login', metadata: { method: 'totp' } });
    expect(events[1]).toMatchObject({ event_type: 'login_failed' });
  });

  it('a backup code signs in once', async () => {
    const first = await startSignIn();
    const code = backupCodes[0]!;
    const ok = await injectWithJar(t, first.jar, {
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      payload: { code },
    });
    expect(ok.statusCode).toBe(200);

    const second = await startSignIn();
    const reused = await injectWithJar(t, second.jar, {
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      payload: { code },
    });
    expect(reused.statusCode).toBe(401);
  });

  it("a signed-in browser finishes another account's sign-in only with that account's code", async () => {
    // B turns two-factor on.
    const other = await createUserWithRole(t, 'staff');
    const otherSession = await signIn(t, other.email, other.password);
    const enabled = await otherSession.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      payload: { password: other.password },
    });
    const otherUri = enabled.json().totp_uri as string;
    const confirmed = await otherSession.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      payload: { code: totpFromUri(otherUri, new Date()) },
    });
    expect(confirmed.statusCode).toBe(200);

    // A browser signed in as A (two-factor on) starts B's sign-in and sends A's own code.
    const jar = session.jar.clone();
    const pending = await injectWithJar(t, jar, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: other.email, password: other.password },
    });
    expect(pending.json()).toEqual({ two_factor_required: true });
    const withOwnCode = await injectWithJar(t, jar, {
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      payload: { code: codeAt(0) },
    });
    expect(withOwnCode.statusCode).toBe(401);
    expect(withOwnCode.json()).toEqual({ message: AUTH_MESSAGES.invalidCode });
    const logins = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_logs WHERE source = 'app' AND event_type = 'login' AND metadata->>'email' = $1 AND metadata->>'method' = 'totp'`,
      [other.email],
    );
    expect(logins[0]!.n).toBe(0);

    // B's own code finishes B's sign-in, even from that browser.
    const withTheirCode = await injectWithJar(t, jar, {
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      payload: { code: totpFromUri(otherUri, new Date(Date.now() + 30_000)) },
    });
    expect(withTheirCode.statusCode).toBe(200);
    expect(withTheirCode.json().user).toMatchObject({ id: other.id, email: other.email });
  });

  it('verify without a pending sign-in answers 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      payload: { code: '123456' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.twoFactorExpired });
  });

  it('enable again answers 409 while 2FA is on', async () => {
    const response = await session.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      payload: { password: user.password },
    });
    expect(response.statusCode).toBe(409);
  });

  it('disable needs the password, then sign-in is one step again', async () => {
    const wrong = await session.inject({
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      payload: { password: 'not my password at all' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await security()).toMatchObject({ two_factor_enabled: true });

    const response = await session.inject({
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      payload: { password: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ two_factor_enabled: false });
    expect(await security()).toMatchObject({ two_factor_enabled: false });
    expect((await startSignIn()).body).toMatchObject({ user: { id: user.id } });
  });

  it('a deactivated user with 2FA is refused after the password, before any code', async () => {
    const other = await createUserWithRole(t, 'staff');
    const otherSession = await signIn(t, other.email, other.password);
    const enable = await otherSession.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      payload: { password: other.password },
    });
    const uri = enable.json().totp_uri as string;
    await otherSession.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      payload: { code: totpFromUri(uri) },
    });
    await t.database.query('UPDATE app_roles SET is_active = false WHERE user_id = $1', [other.id]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: other.email, password: other.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
