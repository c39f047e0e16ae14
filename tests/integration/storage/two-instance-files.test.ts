import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/client';
import { addResortCabins } from '../../../src/server/db/seed';
import { signInAs } from '../../support/auth';
import { TEST_ENV, type TestApp } from '../../support/test-app';
import { createPostgresTestDatabase, testDbKind } from '../../support/test-database';
import { filesUnder } from '../guest-booking/guest-helpers';
import { bookingWithUploadedProof } from './storage-helpers';

/**
 * Issue 24: with DATABASE_URL the stored files live in PostgreSQL, so a payment proof uploaded
 * through one app instance is served by another that shares only the database (each instance has
 * its own DATA_DIR, as two machines would).
 */

describe('which storage driver the configuration picks', () => {
  it('keeps files in DATA_DIR without DATABASE_URL and in the database with it', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'resort-storage-config-'));
    try {
      const env = { ...TEST_ENV, DATA_DIR: dataDir };
      expect(loadConfig(env).storageDriver).toBe('folder');
      const url = 'postgres://resort@127.0.0.1:5432/resort';
      expect(loadConfig({ ...env, DATABASE_URL: url }).storageDriver).toBe('database');
      expect(
        loadConfig({ ...env, DATABASE_URL: url, STORAGE_DRIVER: 'folder' }).storageDriver,
      ).toBe('folder');
      expect(() => loadConfig({ ...env, STORAGE_DRIVER: 'database' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, STORAGE_DRIVER: 's3' })).toThrow(/STORAGE_DRIVER/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Two instances need a PostgreSQL server; the embedded database has one process by design.
if (testDbKind() === 'postgres') {
  describe('two app instances on one PostgreSQL database', () => {
    let dropDatabase: () => Promise<void> = async () => undefined;
    const instances: TestApp[] = [];

    async function instance(url: string): Promise<TestApp> {
      const database = await openDatabase({ kind: 'postgres', url, max: 5 });
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'resort-instance-'));
      const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, DATABASE_URL: url });
      const app = await buildApp({ config, database, serveWeb: false });
      await app.ready();
      const t: TestApp = {
        app,
        database,
        config,
        dataDir,
        async close() {
          await app.close();
          await database.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
      instances.push(t);
      return t;
    }

    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const created = await createPostgresTestDatabase();
      dropDatabase = created.dropDatabase;
      const url = new URL(created.url);
      a = await instance(url.toString());
      b = await instance(url.toString());
      await addResortCabins(a.database);
    });
    afterAll(async () => {
      for (const t of instances) await t.close();
      await dropDatabase();
    });

    it('serves through instance B the proof a guest uploaded through instance A', async () => {
      expect(a.config.storageDriver).toBe('database');
      const proof = await bookingWithUploadedProof(a, { width: 640, height: 480 });
      // Nothing on either machine's disk: the file is in the shared database.
      expect(filesUnder(a, 'storage')).toEqual([]);
      expect(filesUnder(b, 'storage')).toEqual([]);

      const [stored] = await b.database.query<{ sha256: string; size: number }>(
        `SELECT sha256, size::int AS size FROM stored_files WHERE bucket = 'payment-proofs' AND path = $1`,
        [proof.proofPath],
      );
      expect(stored).toBeDefined();

      const staffOnB = await signInAs(b, 'staff');
      const served = await staffOnB.inject({
        method: 'GET',
        url: `/api/payments/${proof.paymentId}/proof`,
      });
      expect(served.statusCode, served.body).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\//);
      const bytes = served.rawPayload;
      expect(bytes.length).toBe(stored!.size);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(stored!.sha256);

      const staffOnA = await signInAs(a, 'staff');
      const fromA = await staffOnA.inject({
        method: 'GET',
        url: `/api/payments/${proof.paymentId}/proof`,
      });
      expect(fromA.statusCode).toBe(200);
      expect(Buffer.compare(fromA.rawPayload, bytes)).toBe(0);
    });

    it('lets exactly one of two instances store an object at one path', async () => {
      const objectPath = `race/${randomBytes(4).toString('hex')}.bin`;
      const results = await Promise.allSettled([
        a.app.deps.storage.driver.put('payment-proofs', objectPath, Buffer.alloc(600_000, 1)),
        b.app.deps.storage.driver.put('payment-proofs', objectPath, Buffer.alloc(600_000, 2)),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected');
      expect((rejected!.reason as Error).name).toBe('StorageObjectExistsError');
      const fromA = await a.app.deps.storage.driver.getBuffer('payment-proofs', objectPath);
      const fromB = await b.app.deps.storage.driver.getBuffer('payment-proofs', objectPath);
      expect(fromA!.length).toBe(600_000);
      expect(new Set(fromA)).toHaveProperty('size', 1);
      expect(Buffer.compare(fromA!, fromB!)).toBe(0);
    });
  });
}
