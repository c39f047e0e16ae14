// `npm run restore -- <archive>`: brings a backup (npm run backup) back into an empty DATA_DIR —
// or, with DATABASE_URL, into an empty PostgreSQL database — and its stored files where the app
// keeps them (STORAGE_DRIVER: the database's tables with DATABASE_URL, else DATA_DIR/storage).
// The target is migrated first; a database that already holds bookings, users or an audit trail
// is refused and left as it was.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openBackup, restoreBackup } from '../src/server/db/backup';
import { prepareDatabase } from '../src/server/db/prepare';
import { createStorageDriver } from '../src/server/storage/storage.service';
import { cliConfig, cliFail } from './cli';

const archive = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!archive || !existsSync(archive)) {
  console.error('Usage: npm run restore -- <backup.tar.gz>   (into an empty DATA_DIR or database)');
  process.exit(1);
}

const config = cliConfig();
try {
  const unpacked = await openBackup(path.resolve(archive));
  try {
    const prepared = await prepareDatabase({ ...config, demo: false });
    try {
      const files =
        config.storageDriver === 'database'
          ? createStorageDriver(config, prepared.database)
          : undefined;
      await restoreBackup(prepared.database, unpacked, config.dataDir, files);
    } finally {
      await prepared.release();
    }
    const rows = Object.values(unpacked.manifest.tables).reduce((sum, n) => sum + n, 0);
    console.log(
      `Restored the backup of ${unpacked.manifest.created_at}: ${rows} rows ` +
        `(${unpacked.manifest.tables.bookings ?? 0} bookings) and ${unpacked.manifest.files} files ` +
        `into ${config.databaseUrl ? 'the PostgreSQL database' : config.dataDir}` +
        (config.storageDriver === 'database' ? ' (files in the database).' : '.'),
    );
  } finally {
    unpacked.done();
  }
} catch (error) {
  cliFail(error);
}
