import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../src/server/auth/auth-messages';
import { USER_MESSAGES } from '../../../src/server/users/users.service';
import { createUserWithRole, signIn, signInAs, type SignedIn } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let admin: SignedIn & { account: { id: string; email: string; password: string } };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin', { name: 'Ada Admin' });
});
afterAll(() => t.close());

async function roleRows(userId: string) {
  return t.database.query<{ role: string; is_active: boolean }>(
    'SELECT role, is_active FROM app_roles WHERE user_id = $1 ORDER BY created_at, role_id',
    [userId],
  );
}

describe(`users and roles (admin) (${process.env.TEST_DB})`, () => {
  it('lists users with role, state and last sign-in, and no secrets', async () => {
    const staff = await createUserWithRole(t, 'staff', { name: 'Sam Staff' });
    const response = await admin.inject({ method: 'GET', url: '/api/users' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, page_size: 50 });
    expect(body.total).toBeGreaterThanOrEqual(2);
    const self = body.data.find((u: { id: string }) => u.id === admin.user.id);
    expect(self).toMatchObject({ role: 'admin', is_active: true, two_factor_enabled: false });
    expect(self.last_sign_in_at).not.toBeNull();
    const listed = body.data.find((u: { id: string }) => u.id === staff.id);
    expect(listed).toEqual({
      id: staff.id,
      email: staff.email,
      name: 'Sam Staff',
      role: 'staff',
      is_active: true,
      two_factor_enabled: false,
      created_at: expect.any(String),
      last_sign_in_at: null,
    });
    expect(response.body).not.toMatch(/password|hash|token|secret/i);
  });

  it('creates a user who can then sign in; an existing e-mail answers 409', async () => {
    const response = await admin.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        email: 'New.Clerk@Resort.Test',
        name: '  Nina <b>Clerk</b> ',
        password: 'a long enough passphrase',
        role: 'staff',
      },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(created).toMatchObject({
      email: 'new.clerk@resort.test',
      name: 'Nina Clerk',
      role: 'staff',
      is_active: true,
    });
    const session = await signIn(t, 'new.clerk@resort.test', 'a long enough passphrase');
    expect(session.user.role).toBe('staff');

    const duplicate = await admin.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        email: 'NEW.CLERK@resort.test',
        name: 'Other',
        password: 'a long enough passphrase',
        role: 'staff',
      },
    });
    expect(duplicate.statusCode).toBe(409);

    const audit = await t.database.query<{ user_email: string; source: string }>(
      `SELECT user_email, source FROM audit_logs WHERE event_type = 'user_created' AND record_id = $1`,
      [created.id],
    );
    expect(audit).toEqual([{ user_email: admin.account.email, source: 'app' }]);
    // The role row's trigger names the administrator too (withActorTransaction).
    const roleAudit = await t.database.query<{ user_email: string }>(
      `SELECT user_email FROM audit_logs WHERE source = 'db' AND table_name = 'app_roles'
         AND new_data->>'user_id' = $1`,
      [created.id],
    );
    expect(roleAudit).toEqual([{ user_email: admin.account.email }]);
  });

  it('refuses invalid input with field messages and creates nothing', async () => {
    const before = await t.database.query('SELECT id FROM users');
    const cases = [
      [
        { email: 'x', name: 'Ok Name', password: 'a long enough passphrase', role: 'staff' },
        'email',
      ],
      [{ email: 'ok@resort.test', name: 'Ok Name', password: 'short', role: 'staff' }, 'password'],
      [
        {
          email: 'ok@resort.test',
          name: 'Ok Name',
          password: 'a long enough passphrase',
          role: 'boss',
        },
        'role',
      ],
      [
        {
          email: 'ok@resort.test',
          name: '<script></script>',
          password: 'a long enough passphrase',
          role: 'staff',
        },
        'name',
      ],
    ] as const;
    for (const [payload, field] of cases) {
      const response = await admin.inject({ method: 'POST', url: '/api/users', payload });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect(await t.database.query('SELECT id FROM users')).toHaveLength(before.length);
  });

  it('changes a role: the old row is deactivated and a new active one inserted', async () => {
    const user = await createUserWithRole(t, 'staff');
    const response = await admin.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { role: 'manager' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: user.id, role: 'manager', is_active: true });
    expect(await roleRows(user.id)).toEqual([
      { role: 'staff', is_active: false },
      { role: 'manager', is_active: true },
    ]);
    const session = await signIn(t, user.email, user.password);
    expect(session.user.role).toBe('manager');
    const audit = await t.database.query(
      `SELECT old_data, new_data FROM audit_logs WHERE event_type = 'role_changed' AND source = 'app' AND record_id = $1`,
      [user.id],
    );
    expect(audit).toEqual([{ old_data: { role: 'staff' }, new_data: { role: 'manager' } }]);
  });

  it('deactivating signs the user out everywhere and refuses sign-in; reactivating restores it', async () => {
    const user = await createUserWithRole(t, 'staff');
    const session = await signIn(t, user.email, user.password);
    const off = await admin.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ role: 'staff', is_active: false });
    expect((await session.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(
      401,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: user.password },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.deactivated });

    const on = await admin.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { is_active: true },
    });
    expect(on.json().data).toMatchObject({ role: 'staff', is_active: true });
    expect(await roleRows(user.id)).toEqual([{ role: 'staff', is_active: true }]);
    expect((await signIn(t, user.email, user.password)).user.role).toBe('staff');
  });

  it('an administrator cannot deactivate or demote themselves (409, nothing changes)', async () => {
    const demote = await admin.inject({
      method: 'PATCH',
      url: `/api/users/${admin.user.id}`,
      payload: { role: 'owner' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ message: USER_MESSAGES.selfDemote });
    const deactivate = await admin.inject({
      method: 'PATCH',
      url: `/api/users/${admin.user.id}`,
      payload: { is_active: false },
    });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json()).toEqual({ message: USER_MESSAGES.selfDeactivate });
    expect(await roleRows(admin.user.id)).toEqual([{ role: 'admin', is_active: true }]);
    // Renaming oneself is fine.
    const rename = await admin.inject({
      method: 'PATCH',
      url: `/api/users/${admin.user.id}`,
      payload: { name: 'Ada A. Admin', role: 'admin' },
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().data).toMatchObject({ name: 'Ada A. Admin', role: 'admin' });
  });

  it('answers 404 for an unknown user and 400 for an empty change', async () => {
    const missing = await admin.inject({
      method: 'PATCH',
      url: '/api/users/00000000-0000-0000-0000-000000000000',
      payload: { role: 'staff' },
    });
    expect(missing.statusCode).toBe(404);
    const empty = await admin.inject({
      method: 'PATCH',
      url: `/api/users/${admin.user.id}`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('profile and password', () => {
  it('PATCH /api/profile changes the name, sanitised', async () => {
    const staff = await signInAs(t, 'staff');
    const response = await staff.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: { name: '<img src=x onerror=alert(1)>Pia "Front Desk" Reyes' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        id: staff.user.id,
        email: staff.user.email,
        name: 'Pia Front Desk Reyes',
        role: 'staff',
      },
    });
    const session = await staff.inject({ method: 'GET', url: '/api/auth/session' });
    expect(session.json().user.name).toBe('Pia Front Desk Reyes');
    const tooShort = await staff.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: { name: 'x' },
    });
    expect(tooShort.statusCode).toBe(400);
  });

  it('change-password checks the current password and the length of the new one', async () => {
    const staff = await signInAs(t, 'staff');
    const wrong = await staff.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { current_password: 'not the password', new_password: 'a brand new passphrase' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([
      { path: 'current_password', message: AUTH_MESSAGES.currentPasswordWrong },
    ]);
    const short = await staff.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { current_password: staff.account.password, new_password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0].path).toBe('new_password');
  });

  it('change-password ends the other sessions, keeps this one (and its CSRF token) and records the date', async () => {
    const user = await createUserWithRole(t, 'owner');
    const here = await signIn(t, user.email, user.password);
    const elsewhere = await signIn(t, user.email, user.password);
    const before = (await here.inject({ method: 'GET', url: '/api/auth/security' })).json();

    const response = await here.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { current_password: user.password, new_password: 'the new long passphrase' },
    });
    expect(response.statusCode).toBe(200);
    const changedAt = response.json().password_changed_at;
    expect(new Date(changedAt).getTime()).toBeGreaterThan(
      new Date(before.password_changed_at).getTime(),
    );

    expect((await elsewhere.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(
      401,
    );
    const security = await here.inject({ method: 'GET', url: '/api/auth/security' });
    expect(security.statusCode).toBe(200);
    expect(security.json()).toEqual({ password_changed_at: changedAt, two_factor_enabled: false });
    const write = await here.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: { name: 'Olga Owner' },
    });
    expect(write.statusCode).toBe(200);

    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);
    expect((await signIn(t, user.email, 'the new long passphrase')).user.id).toBe(user.id);
    const audit = await t.database.query(
      `SELECT 1 FROM audit_logs WHERE event_type = 'password_changed' AND user_id = $1`,
      [user.id],
    );
    expect(audit).toHaveLength(1);
  });
});
