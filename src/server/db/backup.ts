import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import type { Database } from './client';
import { appVersion } from '../paths';
import type { StorageDriver } from '../storage/storage.driver';

/**
 * Backups (issue 10; docs/decisions/0012-backups.md). One `.tar.gz` holds `manifest.json`, one
 * `database/<table>.json` per table (every row, read in one REPEATABLE READ transaction, so the
 * tables agree with each other) and `storage/` (the stored proofs and receipts). The same format
 * serves the embedded database and PostgreSQL, and either restores into the other.
 */

export const BACKUP_FORMAT = 1;

/**
 * The migration runner's own bookkeeping: a restored database is migrated before rows go in. The
 * files kept in the database (issue 24, decision 0026) go into the archive's storage/ as files,
 * like those of DATA_DIR/storage, one by one rather than as one table of chunk rows, so the
 * archive reads the same whichever driver wrote them and restores into either.
 */
const SKIPPED_TABLES = new Set(['schema_migrations', 'stored_files', 'stored_file_chunks']);

export type BackupManifest = {
  format: number;
  app_version: string;
  created_at: string;
  database: Database['kind'];
  tables: Record<string, number>;
  files: number;
};

async function tableNames(database: Database): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((row) => row.name).filter((name) => !SKIPPED_TABLES.has(name));
}

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Writes a consistent snapshot of `database` and the files under `dataDir/storage` to `outFile`
 * (written beside it first, then renamed, so a half-written archive never has the final name).
 */
export async function writeBackup(
  database: Database,
  dataDir: string,
  outFile: string,
): Promise<BackupManifest> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'resort-backup-'));
  try {
    mkdirSync(path.join(work, 'database'));
    const tables: Record<string, number> = {};
    const databaseFiles = new Set<string>();
    // One snapshot for every table: rows committed while the backup runs are either in all of
    // the tables they touch or in none.
    await database.db.transaction(
      async (tx) => {
        const run = async <T>(text: string) =>
          (await tx.execute(sql.raw(text))) as unknown as { rows: T[] } | T[];
        const rowsOf = <T>(result: { rows: T[] } | T[]) =>
          Array.isArray(result) ? result : result.rows;
        const names = rowsOf(
          await run<{ name: string }>(
            `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
          ),
        )
          .map((row) => row.name)
          .filter((name) => !SKIPPED_TABLES.has(name));
        for (const name of names) {
          // As text, never parsed here: numbers keep their exact digits (8500.00 stays 8500.00
          // inside jsonb audit data), so the restored rows are the same bytes.
          const [row] = rowsOf(
            await run<{ data: string; n: number }>(
              `SELECT coalesce(json_agg(t), '[]'::json)::text AS data, count(*)::int AS n
                 FROM ${quoteIdent(name)} t`,
            ),
          );
          tables[name] = Number(row?.n ?? 0);
          writeFileSync(path.join(work, 'database', `${name}.json`), row?.data ?? '[]');
        }
        // The files kept in the database, from the same snapshot as the rows that point to them.
        const stored = rowsOf(
          await run<{ file_id: number; bucket: string; path: string }>(
            `SELECT file_id::int AS file_id, bucket, path FROM stored_files ORDER BY file_id`,
          ),
        );
        for (const file of stored) {
          const chunks = rowsOf(
            await run<{ bytes: Uint8Array }>(
              `SELECT bytes FROM stored_file_chunks WHERE file_id = ${Number(file.file_id)} ORDER BY n`,
            ),
          );
          const target = path.join(work, 'storage', file.bucket, ...file.path.split('/'));
          mkdirSync(path.dirname(target), { recursive: true });
          writeFileSync(target, Buffer.concat(chunks.map((chunk) => chunk.bytes)));
          databaseFiles.add(`${file.bucket}/${file.path}`);
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const storageRoot = path.join(dataDir, 'storage');
    const folderFiles = filesUnder(storageRoot).filter(
      (file) => !databaseFiles.has(file.split(path.sep).join('/')),
    );
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      app_version: appVersion,
      created_at: new Date().toISOString(),
      database: database.kind,
      tables,
      files: folderFiles.length + databaseFiles.size,
    };
    writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const entries = ['manifest.json', 'database'];
    const storageCopy = path.join(work, 'storage');
    if (existsSync(storageRoot) || databaseFiles.size > 0) {
      // Files are read after the rows: a proof uploaded meanwhile may be in the archive without
      // its row, never a row without its file (uploads are stored before the row points to them).
      mkdirSync(storageCopy, { recursive: true });
      for (const file of folderFiles) {
        const target = path.join(storageCopy, file);
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, readFileSync(path.join(storageRoot, file)));
      }
      entries.push('storage');
    }
    mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
    const partial = `${outFile}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, entries);
    renameSync(partial, outFile);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Reads an archive's manifest and unpacks it into a temporary folder (removed by `done`). */
export async function openBackup(
  archive: string,
): Promise<{ dir: string; manifest: BackupManifest; done: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'resort-restore-'));
  try {
    await tar.extract({ file: archive, cwd: dir, strict: true });
    const manifest = JSON.parse(
      readFileSync(path.join(dir, 'manifest.json'), 'utf8'),
    ) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) {
      throw new Error(
        `Unknown backup format ${String(manifest.format)} (expected ${BACKUP_FORMAT}).`,
      );
    }
    return { dir, manifest, done: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Loads an unpacked backup into `database`, which must be freshly migrated and hold no bookings,
 * users or audit rows of its own (the seeded cabins of a new embedded database are replaced).
 * Triggers are switched off for the load (session_replication_role = replica), so the audit
 * trail comes back exactly as it was, hash chain included, and no new audit rows are written.
 * The reports' nights are rebuilt from what was restored. Then the files go back under
 * `dataDir/storage`.
 */
export async function restoreBackup(
  database: Database,
  unpacked: { dir: string; manifest: BackupManifest },
  dataDir: string,
  /** Where the files go: the app's storage driver (issue 24); DATA_DIR/storage when absent. */
  files?: Pick<StorageDriver, 'put'>,
): Promise<void> {
  const names = await tableNames(database);
  const missing = Object.keys(unpacked.manifest.tables).filter((name) => !names.includes(name));
  if (missing.length > 0) {
    throw new Error(`The backup has tables this database does not: ${missing.join(', ')}.`);
  }
  const [{ n: existing } = { n: 0 }] = await database.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM bookings) + (SELECT count(*) FROM users)
            + (SELECT count(*) FROM audit_logs WHERE table_name <> 'units'))::int AS n`,
  );
  if (existing > 0) {
    throw new Error('The target database is not empty: restore into a new DATA_DIR or database.');
  }
  await database.db.transaction(async (tx) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    await run(`SET LOCAL session_replication_role = replica`);
    for (const name of names) await run(`DELETE FROM ${quoteIdent(name)}`);
    for (const name of Object.keys(unpacked.manifest.tables)) {
      const file = path.join(unpacked.dir, 'database', `${name}.json`);
      const json = readFileSync(file, 'utf8');
      if (json === '[]') continue;
      const literal = `'${json.replaceAll("'", "''")}'`;
      // OVERRIDING SYSTEM VALUE keeps identity columns (the audit sequence) as they were.
      await run(
        `INSERT INTO ${quoteIdent(name)} OVERRIDING SYSTEM VALUE
         SELECT * FROM json_populate_recordset(NULL::${quoteIdent(name)}, ${literal}::json)`,
      );
    }
    // Decision 0030: report_nights and report_months are derived data; a backup made before
    // migration 0027 or 0028 has none, so both are rebuilt from the restored bookings and folios.
    await run(`SELECT report_nights_refresh(ARRAY(SELECT booking_id FROM bookings))`);
    // Identity and serial columns continue after the restored rows.
    const sequences = (await run(
      `SELECT c.table_name, c.column_name, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) AS seq
         FROM information_schema.columns c
        WHERE c.table_schema = 'public'
          AND pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) IS NOT NULL`,
    )) as unknown as { rows?: { table_name: string; column_name: string; seq: string }[] };
    const list = Array.isArray(sequences)
      ? (sequences as { table_name: string; column_name: string; seq: string }[])
      : (sequences.rows ?? []);
    for (const { table_name, column_name, seq } of list) {
      await run(
        `SELECT setval('${seq.replaceAll("'", "''")}',
                coalesce((SELECT max(${quoteIdent(column_name)}) FROM ${quoteIdent(table_name)}), 0) + 1,
                false)`,
      );
    }
  });
  const storageBackup = path.join(unpacked.dir, 'storage');
  for (const file of filesUnder(storageBackup)) {
    if (files) {
      const [bucket, ...rest] = file.split(path.sep);
      await files.put(bucket!, rest.join('/'), readFileSync(path.join(storageBackup, file)));
      continue;
    }
    const target = path.join(dataDir, 'storage', file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, readFileSync(path.join(storageBackup, file)));
  }
}

/** Where `npm run backup` asks a running app (which holds the embedded database) for a backup. */
export function backupRequestFile(dataDir: string): string {
  return path.join(dataDir, 'backup-request.json');
}

export function backupResultFile(dataDir: string, id: string): string {
  return path.join(dataDir, `backup-result-${id}.json`);
}

export type BackupRequest = { id: string; out: string };
export type BackupResult = { ok: true; manifest: BackupManifest } | { ok: false; error: string };

/**
 * In the running app: SIGUSR2 means "`npm run backup` is waiting" — read its request, write the
 * archive with the app's own connection (the only one the embedded database allows), and leave
 * the result beside it. Never throws: a failure is reported to the waiting command.
 */
export function installBackupSignal(database: Database, dataDir: string): void {
  let running = false;
  process.on('SIGUSR2', () => {
    if (running) return;
    running = true;
    void (async () => {
      let request: BackupRequest | null = null;
      try {
        request = JSON.parse(readFileSync(backupRequestFile(dataDir), 'utf8')) as BackupRequest;
        rmSync(backupRequestFile(dataDir), { force: true });
        const manifest = await writeBackup(database, dataDir, request.out);
        writeFileSync(
          backupResultFile(dataDir, request.id),
          JSON.stringify({ ok: true, manifest } satisfies BackupResult),
        );
      } catch (error) {
        if (request) {
          writeFileSync(
            backupResultFile(dataDir, request.id),
            JSON.stringify({
              ok: false,
              error: error instanceof Error ? error.message : String(error),
            } satisfies BackupResult),
          );
        }
      } finally {
        running = false;
      }
    })();
  });
}
