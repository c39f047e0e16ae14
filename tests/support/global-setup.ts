import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { loadMigrations, migrate } from '../../src/server/db/migrate';
import { backfillFolios } from '../../src/server/folio/folio-backfill';

/**
 * Creating a PGlite cluster takes seconds (initdb); loading a dump of a migrated one takes well
 * under one. The dump is made once per migration set and every test file loads its own copy.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres' || project.config.env?.TEST_DB === 'postgres') return;
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

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
