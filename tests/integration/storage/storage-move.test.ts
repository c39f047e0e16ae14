import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { Config } from '../../../src/server/config';
import { createDatabaseStorageDriver } from '../../../src/server/storage/database-storage.driver';
import { createLocalStorageDriver } from '../../../src/server/storage/local-storage.driver';
import { moveStoredObjects } from '../../../src/server/storage/storage-move';
import type { StorageDriver } from '../../../src/server/storage/storage.driver';
import { addResortCabins } from '../../../src/server/db/seed';
import { signInAs } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import { filesUnder } from '../guest-booking/guest-helpers';
import { bookingWithUploadedProof } from './storage-helpers';

/**
 * Issue 24 "the moved-files test": files written by the folder driver are moved into the
 * database (`npm run storage:move -- --to database`), served by the app running with the
 * database driver, moved back and compared byte for byte; a move stopped halfway continues
 * when run again, and a destination object with other bytes is reported, never deleted.
 */

let t: TestApp;
/** The app of the moment: closed and built again with the other driver, on the same database. */
let view: TestApp;
let folder: StorageDriver;
let database: StorageDriver;

async function restartWith(storageDriver: Config['storageDriver']): Promise<void> {
  await view.app.close();
  const config = { ...t.config, storageDriver };
  const app = await buildApp({ config, database: t.database, serveWeb: false });
  await app.ready();
  view = { ...t, app, config };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function servedProof(paymentId: string): Promise<Buffer> {
  const staff = await signInAs(view, 'staff');
  const served = await staff.inject({ method: 'GET', url: `/api/payments/${paymentId}/proof` });
  expect(served.statusCode, served.body).toBe(200);
  return served.rawPayload;
}

beforeAll(async () => {
  t = await createTestApp();
  view = t;
  await addResortCabins(t.database);
  folder = createLocalStorageDriver(path.join(t.dataDir, 'storage'));
  database = createDatabaseStorageDriver(t.database);
});
afterAll(async () => {
  if (view !== t) {
    await view.app.close();
    view = t;
  }
  await t.close();
});

describe(`npm run storage:move (${process.env.TEST_DB})`, () => {
  it('moves files into the database and back, served by the app with either driver', async () => {
    expect(t.config.storageDriver).toBe('folder');
    const proof = await bookingWithUploadedProof(t, { width: 320, height: 240 });
    // Beside the proof: a receipt of several chunks and an empty file.
    await folder.put('documents', 'receipts/2027/big.pdf', randomBytes(700_000));
    await folder.put('documents', 'receipts/2027/empty.txt', Buffer.alloc(0));
    const before = new Map<string, Buffer>();
    for (const object of await folder.list()) {
      before.set(
        `${object.bucket}/${object.path}`,
        (await folder.getBuffer(object.bucket, object.path))!,
      );
    }
    expect(before.size).toBe(3);
    const servedBefore = await servedProof(proof.paymentId);

    const progress: string[] = [];
    const into = await moveStoredObjects({
      from: folder,
      to: database,
      onProgress: (p) => progress.push(`${p.done}/${p.total} ${p.outcome}`),
    });
    expect(into).toMatchObject({ total: 3, moved: 3, verified: 0, gone: 0, mismatches: [] });
    expect(progress).toEqual(['1/3 moved', '2/3 moved', '3/3 moved']);
    expect(await folder.list()).toEqual([]);
    expect(filesUnder(t, 'storage')).toEqual([]);

    await restartWith('database');
    expect(Buffer.compare(await servedProof(proof.paymentId), servedBefore)).toBe(0);
    for (const [key, bytes] of before) {
      const [bucket, ...rest] = key.split('/');
      const stored = await view.app.deps.storage.driver.getBuffer(bucket!, rest.join('/'));
      expect(sha256(stored!), key).toBe(sha256(bytes));
    }

    const back = await moveStoredObjects({ from: database, to: folder });
    expect(back).toMatchObject({ total: 3, moved: 3, mismatches: [] });
    expect(await database.list()).toEqual([]);
    await restartWith('folder');
    expect(Buffer.compare(await servedProof(proof.paymentId), servedBefore)).toBe(0);
    for (const [key, bytes] of before) {
      const [bucket, ...rest] = key.split('/');
      expect(Buffer.compare((await folder.getBuffer(bucket!, rest.join('/')))!, bytes), key).toBe(
        0,
      );
    }
    for (const key of before.keys()) {
      const [bucket, ...rest] = key.split('/');
      await folder.delete(bucket!, rest.join('/'));
    }
  });

  it('continues a stopped move and leaves a mismatching copy and its source alone', async () => {
    const files = new Map<string, Buffer>();
    for (let i = 0; i < 6; i += 1) {
      const bytes = randomBytes(50_000 + i * 100_000);
      files.set(`batch/file-${i}.bin`, bytes);
      await folder.put('documents', `batch/file-${i}.bin`, bytes);
    }
    // Stopped after two files, as a SIGINT (or a kill between two files) would leave it.
    const stop = new AbortController();
    const first = await moveStoredObjects({
      from: folder,
      to: database,
      signal: stop.signal,
      onProgress: (p) => {
        if (p.done === 2) stop.abort();
      },
    });
    expect(first).toMatchObject({ total: 6, moved: 2, stopped: true });
    // A kill after copying file-2 but before removing its source; file-3 already has other bytes.
    await database.put('documents', 'batch/file-2.bin', files.get('batch/file-2.bin')!);
    await database.put('documents', 'batch/file-3.bin', Buffer.from('not the same bytes'));

    const second = await moveStoredObjects({ from: folder, to: database });
    expect(second).toMatchObject({ total: 4, moved: 2, verified: 1, gone: 0, stopped: false });
    expect(second.mismatches).toEqual([
      expect.objectContaining({ bucket: 'documents', path: 'batch/file-3.bin' }),
    ]);
    expect(await folder.list()).toEqual([{ bucket: 'documents', path: 'batch/file-3.bin' }]);
    expect(
      Buffer.compare(
        (await folder.getBuffer('documents', 'batch/file-3.bin'))!,
        files.get('batch/file-3.bin')!,
      ),
    ).toBe(0);
    for (const [name, bytes] of files) {
      if (name === 'batch/file-3.bin') continue;
      expect(Buffer.compare((await database.getBuffer('documents', name))!, bytes), name).toBe(0);
    }
  });

  it('serves, after the upgrade to the database driver, the files the folder still holds', async () => {
    // An install on PostgreSQL that kept its files in DATA_DIR/storage, before storage:move.
    await restartWith('folder');
    const proof = await bookingWithUploadedProof(view, { width: 200, height: 150 }, 1);
    const servedFromFolder = await servedProof(proof.paymentId);
    const [object] = (await folder.list()).filter((ref) => ref.bucket !== 'documents');
    expect(object).toBeDefined();

    await restartWith('database');
    expect(Buffer.compare(await servedProof(proof.paymentId), servedFromFolder)).toBe(0);
    const driver = view.app.deps.storage.driver;
    expect(await driver.stat(object!.bucket, object!.path)).toEqual({
      size: servedFromFolder.length,
    });
    // No upsert across the two: the folder's path is taken, and nothing went into the database.
    await expect(driver.put(object!.bucket, object!.path, Buffer.from('other'))).rejects.toThrow(
      /already exists/,
    );
    expect(await database.list()).not.toContainEqual(object);
    // New files go to the database only.
    await driver.put('documents', 'receipts/2027/new.txt', Buffer.from('new'));
    expect(await database.exists('documents', 'receipts/2027/new.txt')).toBe(true);
    expect(await folder.exists('documents', 'receipts/2027/new.txt')).toBe(false);
  });
});
