import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsPath } from '../paths';
import type { Database } from './client';

export type Migration = { version: string; sql: string; checksum: string };

export function loadMigrations(dir = migrationsPath): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      return {
        version: file.replace(/\.sql$/, ''),
        sql: text,
        checksum: createHash('sha256').update(text).digest('hex'),
      };
    });
}

/**
 * Applies the pending SQL migrations, each in its own transaction. An advisory lock keeps two app
 * instances starting together on one PostgreSQL from applying the same migration twice.
 * Returns the versions applied.
 */
export async function migrate(
  database: Database,
  migrations = loadMigrations(),
): Promise<string[]> {
  await database.exec(`
    BEGIN;
    SELECT pg_advisory_xact_lock(727274);
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    );
    COMMIT;`);
  const applied: string[] = [];
  for (const migration of migrations) {
    const escapedVersion = migration.version.replace(/'/g, "''");
    const done = await database.query<{ checksum: string }>(
      'SELECT checksum FROM schema_migrations WHERE version = $1',
      [migration.version],
    );
    if (done.length > 0) {
      if (done[0]!.checksum !== migration.checksum) {
        throw new Error(
          `Migration ${migration.version} was changed after it was applied; add a new migration instead`,
        );
      }
      continue;
    }
    try {
      await database.exec(`
      BEGIN;
      SELECT pg_advisory_xact_lock(727274);
      DO $mig$ BEGIN
        IF EXISTS (SELECT 1 FROM schema_migrations WHERE version = '${escapedVersion}') THEN
          RAISE EXCEPTION 'already-applied' USING ERRCODE = 'P0099';
        END IF;
      END $mig$;
      ${migration.sql}
      ;
      INSERT INTO schema_migrations (version, checksum) VALUES ('${escapedVersion}', '${migration.checksum}');
      COMMIT;`);
    } catch (error) {
      // Another instance applied it while this one waited for the lock.
      if ((error as { code?: string }).code === 'P0099') continue;
      throw error;
    }
    applied.push(migration.version);
  }
  return applied;
}
