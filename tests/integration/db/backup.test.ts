import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditTrail } from '../../../src/server/audit/audit-verify';
import { openBackup, restoreBackup, writeBackup } from '../../../src/server/db/backup';
import type { Database } from '../../../src/server/db/client';
import { addResortCabins, seedDemoOnce } from '../../../src/server/db/seed';
import { createTestDatabase } from '../../support/test-database';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  confirmProof,
  createGuestBooking,
  filesUnder,
  guestBookingBody,
  makePdf,
  makePng,
  putFile,
} from '../guest-booking/guest-helpers';

/**
 * Issue 10 "Backups": a seeded resort (the demo data: accounts, guests, bookings in every state,
 * payments, expenses, a blackout; plus guest bookings with proof files) is written to one archive
 * and restored into an empty database and DATA_DIR; every table and every file compares equal,
 * and the restored audit trail's hash chain still verifies.
 */

let t: TestApp;
const temp: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await addResortCabins(t.database);
  await seedDemoOnce(t.database, t.app.deps.auth, { timezone: 'Asia/Manila', dataDir: t.dataDir });
  const [cabin] = await t.database.query<{ unit_id: string }>(
    `SELECT unit_id FROM units ORDER BY unit_code LIMIT 1`,
  );
  const png = await makePng();
  for (const [index, kind] of ['png', 'pdf'].entries()) {
    const created = await createGuestBooking(
      t,
      guestBookingBody(cabin!.unit_id, {
        check_in: `2031-09-0${1 + index * 3}`,
        check_out: `2031-09-0${2 + index * 3}`,
        file_name: `receipt.${kind}`,
        file_type: kind === 'png' ? 'image/png' : 'application/pdf',
      }),
    );
    const bytes = kind === 'png' ? png : makePdf();
    const put = await putFile(
      t,
      created.upload,
      bytes,
      kind === 'png' ? 'image/png' : 'application/pdf',
    );
    expect(put.statusCode, put.body).toBe(200);
    expect((await confirmProof(t, created, bytes.length)).statusCode).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  await t.close();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temp.push(dir);
  return dir;
}

/** Every row of every table, as sorted JSON text, for an exact comparison. */
async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const tables = await database.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables
      WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY tablename`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await database.query<{ row: string }>(
      `SELECT to_json(t)::text AS row FROM "${name}" t`,
    );
    out[name] = rows.map((row) => row.row).sort();
  }
  return out;
}

describe(`backup and restore (${process.env.TEST_DB})`, () => {
  it('round-trips a seeded resort: every table and every file', async () => {
    const archive = path.join(tempDir('resort-backup-out-'), 'resort.tar.gz');
    const manifest = await writeBackup(t.database, t.dataDir, archive);
    expect(manifest.tables.bookings).toBeGreaterThan(5);
    expect(manifest.tables.payments).toBeGreaterThan(2);
    expect(manifest.tables.audit_logs).toBeGreaterThan(10);
    expect(manifest.files).toBe(2);

    const target = await createTestDatabase();
    const targetDir = tempDir('resort-restore-dir-');
    try {
      const unpacked = await openBackup(archive);
      try {
        await restoreBackup(target.database, unpacked, targetDir);
      } finally {
        unpacked.done();
      }
      const before = await snapshot(t.database);
      const after = await snapshot(target.database);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) {
        expect(after[table], table).toEqual(before[table]);
      }
      const files = filesUnder(t, 'storage');
      expect(files.length).toBe(2);
      for (const file of files) {
        expect(readFileSync(path.join(targetDir, 'storage', file))).toEqual(
          readFileSync(path.join(t.dataDir, 'storage', file)),
        );
      }
      expect((await verifyAuditTrail(target.database)).broken).toBeNull();
      // The restored database goes on working: new audit rows and bookings follow the old ones.
      await target.database.query(
        `UPDATE units SET unit_name = unit_name || ' ' WHERE unit_code = 'BF1'`,
      );
      expect((await verifyAuditTrail(target.database)).broken).toBeNull();

      // A second restore into the now non-empty database is refused and changes nothing.
      const again = await openBackup(archive);
      try {
        await expect(restoreBackup(target.database, again, targetDir)).rejects.toThrow(/not empty/);
      } finally {
        again.done();
      }
    } finally {
      await target.drop();
    }
  });

  it('refuses an archive that is not a backup', async () => {
    const bogus = path.join(tempDir('resort-bogus-'), 'x.tar.gz');
    writeFileSync(bogus, 'not a tarball');
    await expect(openBackup(bogus)).rejects.toThrow();
  });
});
