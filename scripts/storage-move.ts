// `npm run storage:move -- --to database|folder` (issue 24, docs/decisions/0026): moves the stored
// files (payment proofs, receipts, issued documents, photos) from DATA_DIR/storage into the
// PostgreSQL database of DATABASE_URL, or back. Each copy is read back and compared by SHA-256
// before its source is removed; a stopped run continues where it was when started again.
// Afterwards run the app with the matching STORAGE_DRIVER (database is the default with
// DATABASE_URL; set STORAGE_DRIVER=folder after moving the files back).
import path from 'node:path';
import { prepareDatabase } from '../src/server/db/prepare';
import { createDatabaseStorageDriver } from '../src/server/storage/database-storage.driver';
import { createLocalStorageDriver } from '../src/server/storage/local-storage.driver';
import { moveStoredObjects } from '../src/server/storage/storage-move';
import { cliConfig, cliFail, parseFlags } from './cli';

const flags = parseFlags(process.argv.slice(2));
const to = flags.to;
if (to !== 'database' && to !== 'folder') {
  console.error('Usage: npm run storage:move -- --to database|folder   (needs DATABASE_URL)');
  process.exit(1);
}
const config = cliConfig();
if (!config.databaseUrl) {
  console.error(
    'storage:move needs DATABASE_URL: with the embedded database the files stay in DATA_DIR/storage.',
  );
  process.exit(1);
}

try {
  const prepared = await prepareDatabase({ ...config, demo: false });
  try {
    const folder = createLocalStorageDriver(path.join(config.dataDir, 'storage'));
    const database = createDatabaseStorageDriver(prepared.database);
    const [from, into] = to === 'database' ? [folder, database] : [database, folder];
    const stop = new AbortController();
    process.once('SIGINT', () => {
      console.log('Stopping after the current file (run again to continue)…');
      stop.abort();
    });
    const summary = await moveStoredObjects({
      from,
      to: into,
      signal: stop.signal,
      onProgress: ({ done, total, object, outcome }) =>
        console.log(`[${done}/${total}] ${outcome.padEnd(8)} ${object.bucket}/${object.path}`),
    });
    for (const bad of summary.mismatches) {
      console.error(`NOT MOVED ${bad.bucket}/${bad.path}: ${bad.reason}`);
    }
    console.log(
      `${summary.total} files: ${summary.moved} moved, ${summary.verified} already there and ` +
        `verified, ${summary.gone} gone meanwhile, ${summary.mismatches.length} not moved ` +
        `(checksum mismatch)${summary.stopped ? '; stopped early, run again to continue' : ''}.`,
    );
    if (summary.mismatches.length > 0 || summary.stopped) process.exitCode = 1;
    else if (to === 'folder') console.log('Run the app with STORAGE_DRIVER=folder from now on.');
  } finally {
    await prepared.release();
  }
} catch (error) {
  cliFail(error);
}
