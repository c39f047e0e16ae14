import { createHash, randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { loadMigrations, migrate } from '../../src/server/db/migrate';
import { backfillFolios } from '../../src/server/folio/folio-backfill';

/**
 * Creating a PGlite cluster takes seconds (initdb); loading a dump of a migrated one takes well
 * under one. The dump is made once per migration set and every test file loads its own copy.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres' || project.config.env?.TEST_DB === 'postgres') {
    return setupPostgresTemplate(project);
  }
  const checksum = createHash('sha256')
    .update(
      loadMigrations()
        .map((m) => m.checksum)
        .join(','),
    )
    .digest('hex')
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `resort-pglite-template-${checksum}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({ kind: 'pglite' });
    await migrate(database);
    await backfillFolios(database);
    const dump = await (
      database as unknown as { client: { dumpDataDir(c: 'none'): Promise<Blob> } }
    ).client.dumpDataDir('none');
    const tmp = `${file}.${process.pid}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    const { renameSync } = await import('node:fs');
    renameSync(tmp, file);
    await database.close();
  }
  project.provide('pgliteTemplate', file);
}

/**
 * On PostgreSQL, the same idea: one database is migrated (and its folios backfilled) for the run,
 * and each test file gets a copy of it (`CREATE DATABASE … TEMPLATE`, a file copy) instead of
 * running every migration again — about 100 files did, which was most of the PostgreSQL
 * project's time. Dropped again when the run ends.
 */
async function setupPostgresTemplate(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for TEST_DB=postgres');
  const name = `resort_template_${randomBytes(6).toString('hex')}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 2 });
  await migrate(database);
  await backfillFolios(database);
  // A template may have no open connection while it is copied.
  await database.close();
  project.provide('postgresTemplate', name);
  return async () => {
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
