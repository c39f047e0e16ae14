// `npm run backup [-- --out file.tar.gz]`: a consistent snapshot of the database and the stored
// files in one archive, while the app runs or not (docs/decisions/0012-backups.md).
// - PostgreSQL (DATABASE_URL): read directly, in one REPEATABLE READ transaction.
// - Embedded database, app stopped: opened here (the DATA_DIR lock keeps the app out meanwhile).
// - Embedded database, app running: the app holds the only connection, so it is asked (SIGUSR2)
//   to write the archive itself, and this command waits for its answer.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  backupRequestFile,
  backupResultFile,
  writeBackup,
  type BackupManifest,
  type BackupResult,
} from '../src/server/db/backup';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { prepareDatabase } from '../src/server/db/prepare';
import { cliConfig, cliFail, parseFlags } from './cli';

const config = cliConfig();
const flags = parseFlags(process.argv.slice(2));
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
const out = path.resolve(
  flags.out || path.join(config.dataDir, 'backups', `resort-${stamp}.tar.gz`),
);

function report(manifest: BackupManifest): void {
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `Backup written to ${out}: ${Object.keys(manifest.tables).length} tables, ${rows} rows ` +
      `(${manifest.tables.bookings ?? 0} bookings), ${manifest.files} stored files.`,
  );
}

async function askRunningApp(pid: number): Promise<void> {
  const id = randomBytes(6).toString('hex');
  const resultFile = backupResultFile(config.dataDir, id);
  writeFileSync(backupRequestFile(config.dataDir), JSON.stringify({ id, out }));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (existsSync(resultFile)) {
      const result = JSON.parse(readFileSync(resultFile, 'utf8')) as BackupResult;
      rmSync(resultFile, { force: true });
      if (!result.ok)
        throw new Error(`The running app could not write the backup: ${result.error}`);
      report(result.manifest);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  rmSync(backupRequestFile(config.dataDir), { force: true });
  throw new Error(`The running app (pid ${pid}) did not answer within 10 minutes.`);
}

try {
  try {
    const prepared = await prepareDatabase({ ...config, demo: false });
    try {
      report(await writeBackup(prepared.database, config.dataDir, out));
    } finally {
      await prepared.release();
    }
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.log(`The app is running (pid ${error.pid}): asking it to write the backup.`);
    await askRunningApp(error.pid);
  }
} catch (error) {
  cliFail(error);
}
