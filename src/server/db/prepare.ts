import { existsSync } from 'node:fs';
import path from 'node:path';
import { createAuth } from '../auth/auth';
import type { Config } from '../config';
import { openDatabase, type Database } from './client';
import { lockDataDir } from './data-dir-lock';
import { backfillFolios } from '../folio/folio-backfill';
import { migrate } from './migrate';
import { seedCabinsOnce, seedDemoOnce, type DemoAccount } from './seed';

export type PreparedDatabase = {
  database: Database;
  /** The embedded database folder did not exist before this run. */
  created: boolean;
  migrationsApplied: string[];
  cabinsSeeded: number;
  demoAccounts: DemoAccount[] | null;
  release(): Promise<void>;
};

/**
 * What every entry point (npm start, db:migrate, db:seed, user:create) does first: lock and open
 * the database, apply migrations, and seed the cabins the first time the embedded database is
 * created (plus the demo data when DEMO is on).
 */
export async function prepareDatabase(
  config: Config,
  options: { seedDemo?: boolean } = {},
): Promise<PreparedDatabase> {
  let unlock = () => {};
  let database: Database;
  let created = false;
  if (config.databaseUrl) {
    database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
  } else {
    unlock = lockDataDir(config.dataDir);
    const dbDir = path.join(config.dataDir, 'db');
    created = !existsSync(path.join(dbDir, 'PG_VERSION'));
    try {
      database = await openDatabase({ kind: 'pglite', dataDir: dbDir });
    } catch (error) {
      unlock();
      throw error;
    }
  }
  const release = async () => {
    await database.close();
    unlock();
  };
  try {
    const migrationsApplied = await migrate(database);
    // Issue 17: bookings made before the folio get theirs right after the SQL migrations.
    await backfillFolios(database);
    // The embedded database is the resort's own: seed its cabins the first time. On PostgreSQL
    // the operator runs `npm run db:seed` (or starts with DEMO=1).
    const cabinsSeeded =
      database.kind === 'pglite' || config.demo ? await seedCabinsOnce(database) : 0;
    let demoAccounts: DemoAccount[] | null = null;
    if (config.demo && options.seedDemo !== false) {
      const auth = createAuth({ database, config });
      demoAccounts = await seedDemoOnce(database, auth, {
        timezone: config.timezone,
        dataDir: config.dataDir,
      });
      // The demo rows are written as a booking of before the folio was: they get theirs too.
      await backfillFolios(database);
    }
    return { database, created, migrationsApplied, cabinsSeeded, demoAccounts, release };
  } catch (error) {
    await release();
    throw error;
  }
}
