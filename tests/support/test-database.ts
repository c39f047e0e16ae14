import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';

export type TestDbKind = 'pglite' | 'postgres';

export function testDbKind(): TestDbKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A fresh, migrated database for one test file (CONVENTIONS "Tests"): an in-memory PGlite loaded
 * from the migrated template, or a new database on the PostgreSQL server of TEST_DATABASE_URL,
 * dropped again by `drop()`.
 */
export async function createTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (testDbKind() === 'pglite') {
    const template = readFileSync(inject('pgliteTemplate'));
    const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([template]) });
    return { database, drop: () => database.close() };
  }
  const { url, dropDatabase } = await createPostgresTestDatabase();
  const database = await openDatabase({ kind: 'postgres', url, max: 20 });
  return {
    database,
    async drop() {
      await database.close();
      await dropDatabase();
    },
  };
}

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL, a copy of the run's migrated
 * template (global-setup.ts), for tests that open several connections to it (two app instances).
 */
export async function createPostgresTestDatabase(): Promise<{
  url: string;
  dropDatabase(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for TEST_DB=postgres');
  const name = `resort_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async dropDatabase() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
