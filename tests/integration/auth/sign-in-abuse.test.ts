import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, type TestUser } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 10 "Sign-in abuse": 1,000 scripted password guesses against one account (from as many
 * addresses, so only the account lock can stop them) and 1,000 against many accounts from one
 * address (a password spray, stopped by the per-address limit). The lock and the limit hold,
 * every attempt is in login_attempts and the audit trail, and the real owner signs in once the
 * lock lapses.
 */
const GUESSES = 1000;

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithRole(t, 'owner');
});
afterAll(() => t.close());

function signIn(email: string, password: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress,
  });
}

function addressOf(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

async function countWhere(sql: string, params: unknown[]): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(sql, params);
  return row!.n;
}

describe(`sign-in abuse (${process.env.TEST_DB})`, () => {
  it(`${GUESSES} guesses at one account from ${GUESSES} addresses: locked after 5, every try recorded, the owner gets in after the lock lapses`, async () => {
    const statuses = new Map<number, number>();
    for (let i = 0; i < GUESSES; i += 1) {
      const response = await signIn(owner.email, `guess number ${i}!`, addressOf(i + 1));
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (i < 4) expect(response.statusCode).toBe(401);
      else expect(response.statusCode).toBe(423);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    console.info(`one account: ${[...statuses].map(([status, n]) => `${status}×${n}`).join(', ')}`);

    // The right password is refused while the lock holds.
    const locked = await signIn(owner.email, owner.password, '192.0.2.10');
    expect(locked.statusCode).toBe(423);

    const email = owner.email.toLowerCase();
    expect(
      await countWhere('SELECT count(*)::int AS n FROM login_attempts WHERE lower(email) = $1', [
        email,
      ]),
    ).toBe(GUESSES + 1);
    expect(
      await countWhere(
        `SELECT count(*)::int AS n FROM audit_logs
          WHERE metadata->>'email' = $1 AND event_type IN ('login_failed', 'account_locked')
            AND severity = 'WARNING' AND ip_address IS NOT NULL`,
        [email],
      ),
    ).toBeGreaterThanOrEqual(GUESSES + 1);

    // 31 minutes on, the lock has lapsed and the real owner signs in.
    await t.database.query(
      `UPDATE login_attempts SET created_at = created_at - interval '31 minutes' WHERE lower(email) = $1`,
      [email],
    );
    const later = await signIn(owner.email, owner.password, '192.0.2.10');
    expect(later.statusCode, later.body).toBe(200);
  }, 300_000);

  it(`${GUESSES} guesses at many accounts from one address: limited after 30, every try recorded, other addresses unaffected`, async () => {
    const victims = await Promise.all(
      Array.from({ length: 5 }, () => createUserWithRole(t, 'staff')),
    );
    const address = '203.0.113.99';
    const statuses = new Map<number, number>();
    for (let i = 0; i < GUESSES; i += 1) {
      // A spray: each account gets few enough guesses that no account lock is reached early.
      const target = i % 10 < 5 ? victims[i % 5]!.email : `nobody-${i}@resort.test`;
      const response = await signIn(target, 'Summer2026!!', address);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (i < 30) expect(response.statusCode).toBe(401);
      else {
        expect(response.statusCode).toBe(429);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    console.info(`one address: ${[...statuses].map(([status, n]) => `${status}×${n}`).join(', ')}`);
    expect(
      await countWhere('SELECT count(*)::int AS n FROM login_attempts WHERE ip_address = $1', [
        address,
      ]),
    ).toBe(GUESSES);
    expect(
      await countWhere(
        `SELECT count(*)::int AS n FROM audit_logs
          WHERE ip_address = $1 AND event_type = 'login_failed' AND severity = 'WARNING'`,
        [address],
      ),
    ).toBe(GUESSES);

    // The accounts themselves were not locked by the spray, and another address gets in.
    for (const victim of victims) {
      const response = await signIn(victim.email, victim.password, '198.51.100.20');
      expect(response.statusCode, response.body).toBe(200);
    }
  }, 300_000);
});
