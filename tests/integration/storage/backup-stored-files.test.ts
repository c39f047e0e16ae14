import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBackup, restoreBackup, writeBackup } from '../../../src/server/db/backup';
import { addResortCabins } from '../../../src/server/db/seed';
import { createDatabaseStorageDriver } from '../../../src/server/storage/database-storage.driver';
import { moveStoredObjects } from '../../../src/server/storage/storage-move';
import type { StorageDriver } from '../../../src/server/storage/storage.driver';
import { createTestDatabase } from '../../support/test-database';
import { createTestApp, type TestApp } from '../../support/test-app';
import { filesUnder } from '../guest-booking/guest-helpers';
import { bookingWithUploadedProof } from './storage-helpers';

/**
 * Issue 24: with the files in the database, `npm run backup` still holds every file (in the
 * archive's storage/, read in the same snapshot as the rows) and counts them in the manifest; a
 * restore puts them back into the database, or into DATA_DIR/storage for a folder set-up.
 */

let t: TestApp;
const temp: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temp.push(dir);
  return dir;
};
let proofPath: string;
let database: StorageDriver;
const receipt = Buffer.from('%PDF-1.4\n' + 'x'.repeat(600_000) + '\n%%EOF\n');

beforeAll(async () => {
  // Uploaded with the folder driver, then moved into the database (npm run storage:move): the
  // embedded database cannot run the database driver's upload (its one connection is held by the
  // upload's own transaction), so this test does the same on both databases.
  t = await createTestApp();
  database = createDatabaseStorageDriver(t.database);
  await addResortCabins(t.database);
  ({ proofPath } = await bookingWithUploadedProof(t, { width: 200, height: 100 }));
  await t.app.deps.storage.driver.put('documents', 'receipts/r-1.pdf', receipt);
  const moved = await moveStoredObjects({ from: t.app.deps.storage.driver, to: database });
  expect(moved).toMatchObject({ moved: 2, mismatches: [] });
});
afterAll(async () => {
  await t.close();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

describe(`backup with the files in the database (${process.env.TEST_DB})`, () => {
  it('archives every stored file and restores them into the database or a folder', async () => {
    expect(filesUnder(t, 'storage')).toEqual([]);
    const proof = (await database.getBuffer('payment-proofs', proofPath))!;
    const archive = path.join(tempDir('resort-backup-db-files-'), 'resort.tar.gz');
    const manifest = await writeBackup(t.database, t.dataDir, archive);
    expect(manifest.files).toBe(2);
    expect(manifest.tables).not.toHaveProperty('stored_file_chunks');
    expect(manifest.tables.payments).toBe(1);

    // Into a database whose app keeps its files there.
    const intoDatabase = await createTestDatabase();
    try {
      const unpacked = await openBackup(archive);
      const driver = createDatabaseStorageDriver(intoDatabase.database);
      try {
        await restoreBackup(intoDatabase.database, unpacked, tempDir('resort-unused-'), driver);
      } finally {
        unpacked.done();
      }
      expect(Buffer.compare((await driver.getBuffer('payment-proofs', proofPath))!, proof)).toBe(0);
      expect(
        Buffer.compare((await driver.getBuffer('documents', 'receipts/r-1.pdf'))!, receipt),
      ).toBe(0);
      // The restored payment points to the restored file.
      const [row] = await intoDatabase.database.query<{ payment_proof: string }>(
        `SELECT payment_proof FROM payments`,
      );
      expect(row!.payment_proof).toBe(`payment-proofs/${proofPath}`);
    } finally {
      await intoDatabase.drop();
    }

    // Into a folder set-up (the embedded database, or STORAGE_DRIVER=folder).
    const intoFolder = await createTestDatabase();
    const dataDir = tempDir('resort-restore-folder-');
    try {
      const unpacked = await openBackup(archive);
      try {
        await restoreBackup(intoFolder.database, unpacked, dataDir);
      } finally {
        unpacked.done();
      }
      const folderProof = readFileSync(
        path.join(dataDir, 'storage', 'payment-proofs', ...proofPath.split('/')),
      );
      expect(Buffer.compare(folderProof, proof)).toBe(0);
      expect(
        Buffer.compare(
          readFileSync(path.join(dataDir, 'storage', 'documents', 'receipts', 'r-1.pdf')),
          receipt,
        ),
      ).toBe(0);
      const [row] = await intoFolder.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM stored_files`,
      );
      expect(row!.n).toBe(0);
    } finally {
      await intoFolder.drop();
    }
  });
});
