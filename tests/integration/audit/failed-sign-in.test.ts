import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, signInAs, type SignedIn } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';

/*
 * Issue 15, point 14: a failed sign-in names the e-mail that was tried in the trail's user_email
 * (the Audit Trail's User column), never the password; the list refuses a From after To clearly.
 */

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t, 'owner');
});
afterAll(() => t.close());

function postSignIn(email: string, password: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress,
  });
}

type Row = {
  action: string;
  user_email: string | null;
  user_id: string | null;
  description: string;
  row: string;
};

async function rowsFor(email: string): Promise<Row[]> {
  return t.database.query<Row>(
    `SELECT action, user_email, user_id, description, to_jsonb(audit_logs)::text AS row
       FROM audit_logs WHERE table_name = 'authentication' AND metadata->>'email' = $1
      ORDER BY seq`,
    [email],
  );
}

describe(`failed sign-ins in the audit trail (${process.env.TEST_DB})`, () => {
  it('a wrong password and an unknown e-mail carry the tried e-mail, not the password', async () => {
    const user = await createUserWithRole(t, 'staff');
    const wrong = await postSignIn(user.email.toUpperCase(), 'Wrong-Secret-4821', '192.0.2.71');
    expect(wrong.statusCode).toBe(401);
    const stranger = 'nobody.tried@example.test';
    const unknown = await postSignIn(stranger, 'Other-Secret-9917', '192.0.2.71');
    expect(unknown.statusCode).toBe(401);

    const [userRow] = await rowsFor(user.email);
    expect(userRow).toMatchObject({
      action: 'login_failed',
      user_email: user.email,
      user_id: null,
    });
    const [strangerRow] = await rowsFor(stranger);
    expect(strangerRow).toMatchObject({ action: 'login_failed', user_email: stranger });
    for (const row of [userRow!, strangerRow!]) {
      expect(row.row).not.toContain('Wrong-Secret-4821');
      expect(row.row).not.toContain('Other-Secret-9917');
    }

    // The list answers it, and the User filter finds it.
    const listed = await owner.inject({
      method: 'GET',
      url: `/api/audit-logs?action=login_failed&user_email=${encodeURIComponent(stranger)}`,
    });
    expect(listed.statusCode).toBe(200);
    const body = listed.json() as { data: { user_email: string | null }[] };
    expect(body.data.map((entry) => entry.user_email)).toEqual([stranger]);
  });

  it('the lockout and the refusals while locked name the account too', async () => {
    const user = await createUserWithRole(t, 'manager');
    const address = '192.0.2.72';
    for (let i = 1; i <= 5; i += 1) {
      await postSignIn(user.email, `wrong password ${i}`, address);
    }
    const locked = await postSignIn(user.email, user.password, address);
    expect(locked.statusCode).toBe(423);
    const rows = await rowsFor(user.email);
    expect(rows.map((row) => row.action)).toEqual([
      'login_failed',
      'login_failed',
      'login_failed',
      'login_failed',
      'login_failed',
      'account_locked',
      'login_failed',
    ]);
    expect(new Set(rows.map((row) => row.user_email))).toEqual(new Set([user.email]));
    for (const row of rows) expect(row.row).not.toContain(user.password);
  });

  it('the tried e-mails do not count as the most active user', async () => {
    const response = await owner.inject({ method: 'GET', url: '/api/audit-logs/stats' });
    expect(response.statusCode).toBe(200);
    const { byUser } = response.json() as { byUser: { user_email: string }[] };
    expect(byUser.map((row) => row.user_email)).toContain(owner.user.email);
    expect(byUser.map((row) => row.user_email)).not.toContain('nobody.tried@example.test');
  });

  it('a successful sign-in still names the signed-in user with their id', async () => {
    const rows = await rowsFor(owner.user.email);
    expect(rows.at(-1)).toMatchObject({
      action: 'login',
      user_email: owner.user.email,
      user_id: owner.user.id,
    });
  });

  it('answers a From after To with 400 and a message naming the field', async () => {
    const response = await owner.inject({
      method: 'GET',
      url: '/api/audit-logs?from=2026-11-20&to=2026-11-10',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The end date must not be before the start date',
      issues: [{ path: 'to', message: 'The end date must not be before the start date' }],
    });
  });
});
