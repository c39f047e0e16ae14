import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';
import { createAuth } from '../../../src/server/auth/auth';
import { migrate } from '../../../src/server/db/migrate';
import { bookings } from '../../../src/server/db/schema';
import {
  addResortCabins,
  RESORT_CABINS,
  seedCabinsOnce,
  seedDemoOnce,
} from '../../../src/server/db/seed';
import { units } from '../../../src/server/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`seeding (${process.env.TEST_DB})`, () => {
  it('re-running migrations applies nothing', async () => {
    expect(await migrate(t.database)).toEqual([]);
  });

  it('seeds the three cabins once; a deleted cabin does not come back', async () => {
    expect(await seedCabinsOnce(t.database)).toBe(3);
    const codes = (await t.database.db.select().from(units)).map((u) => u.unit_code).sort();
    expect(codes).toEqual(RESORT_CABINS.map((c) => c.unit_code).sort());

    await t.database.db.delete(units).where(eq(units.unit_code, 'GC1'));
    expect(await seedCabinsOnce(t.database)).toBe(0);
    expect((await t.database.db.select().from(units)).length).toBe(2);

    // `npm run db:seed` puts back what is missing, on demand.
    expect(await addResortCabins(t.database)).toBe(1);
    expect((await t.database.db.select().from(units)).length).toBe(3);
  });

  it('demo data: accounts with random passwords saved to DATA_DIR, bookings in every state', async () => {
    const auth = createAuth({ database: t.database, config: t.config });
    const accounts = await seedDemoOnce(t.database, auth, {
      timezone: 'Asia/Manila',
      dataDir: t.dataDir,
    });
    expect(accounts?.map((a) => a.role)).toEqual([
      'admin',
      'owner',
      'manager',
      'staff',
      'housekeeping',
    ]);
    const file = path.join(t.dataDir, 'demo-accounts.txt');
    expect(existsSync(file)).toBe(true);
    const text = readFileSync(file, 'utf8');
    for (const account of accounts!) {
      expect(account.password.length).toBeGreaterThanOrEqual(16);
      expect(text).toContain(`${account.email}  ${account.password}`);
    }
    const statuses = new Set(
      (await t.database.db.select({ s: bookings.booking_status }).from(bookings)).map((r) => r.s),
    );
    expect([...statuses].sort()).toEqual([
      'Cancelled',
      'CheckedIn',
      'CheckedOut',
      'Confirmed',
      'Pending',
    ]);
    const [{ payments }] = (await t.database.query<{ payments: number }>(
      'SELECT count(*)::int AS payments FROM payments',
    )) as [{ payments: number }];
    expect(payments).toBeGreaterThan(0);
    const [{ n }] = (await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM availability_blackouts',
    )) as [{ n: number }];
    expect(n).toBe(1);

    // Sign-in works with the printed password.
    const signedIn = await auth.api.signInEmail({
      body: { email: accounts![0]!.email, password: accounts![0]!.password },
      headers: new Headers(),
    });
    expect(signedIn.user.email).toBe(accounts![0]!.email);

    // Once per database.
    expect(
      await seedDemoOnce(t.database, auth, { timezone: 'Asia/Manila', dataDir: t.dataDir }),
    ).toBeNull();
  });
});
