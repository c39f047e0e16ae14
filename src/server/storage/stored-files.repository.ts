import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';

/**
 * Issue 24 (decision 0026): the stored_files and stored_file_chunks tables, the database storage
 * driver's only SQL. A file is written in one transaction (whole or absent) and never replaced:
 * the (bucket, path) unique key refuses a second one.
 */

/** 256 KiB a chunk row (decision 0026's measurements). */
export const STORED_FILE_CHUNK_BYTES = 256 * 1024;

export type StoredFileRow = {
  file_id: number;
  bucket: string;
  path: string;
  size: number;
  sha256: string;
  chunks: number;
};

const rowsOf = <T>(result: unknown): T[] => {
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
};

/** node-postgres answers bytea as a Buffer, PGlite as a Uint8Array. */
const asBuffer = (value: unknown): Buffer =>
  Buffer.isBuffer(value)
    ? value
    : Buffer.from(
        (value as Uint8Array).buffer,
        (value as Uint8Array).byteOffset,
        (value as Uint8Array).byteLength,
      );

/** True when stored; false when an object is already at (bucket, path). */
export async function insertStoredFile(
  db: AppDb,
  file: { bucket: string; path: string; sha256: string; data: Buffer },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [created] = rowsOf<{ file_id: number }>(
      await tx.execute(sql`
        INSERT INTO stored_files (bucket, path, size, sha256)
        VALUES (${file.bucket}, ${file.path}, ${file.data.length}, ${file.sha256})
        ON CONFLICT (bucket, path) DO NOTHING
        RETURNING file_id`),
    );
    if (!created) return false;
    for (let n = 0, at = 0; at < file.data.length; n += 1, at += STORED_FILE_CHUNK_BYTES) {
      const bytes = file.data.subarray(at, at + STORED_FILE_CHUNK_BYTES);
      await tx.execute(sql`
        INSERT INTO stored_file_chunks (file_id, n, bytes)
        VALUES (${created.file_id}, ${n}, ${bytes})`);
    }
    return true;
  });
}

export async function findStoredFile(
  db: AppDb,
  bucket: string,
  path: string,
): Promise<StoredFileRow | null> {
  const [row] = rowsOf<StoredFileRow>(
    await db.execute(sql`
      SELECT f.file_id::int AS file_id, f.bucket, f.path, f.size::int AS size, f.sha256,
             (SELECT count(*)::int FROM stored_file_chunks c WHERE c.file_id = f.file_id) AS chunks
        FROM stored_files f
       WHERE f.bucket = ${bucket} AND f.path = ${path}`),
  );
  return row ? { ...row, file_id: Number(row.file_id), size: Number(row.size) } : null;
}

export async function readStoredFileChunk(
  db: AppDb,
  fileId: number,
  n: number,
): Promise<Buffer | null> {
  const [row] = rowsOf<{ bytes: unknown }>(
    await db.execute(sql`
      SELECT bytes FROM stored_file_chunks WHERE file_id = ${fileId} AND n = ${n}`),
  );
  return row ? asBuffer(row.bytes) : null;
}

export async function deleteStoredFile(db: AppDb, bucket: string, path: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      DELETE FROM stored_files WHERE bucket = ${bucket} AND path = ${path} RETURNING file_id`),
  );
  return rows.length > 0;
}

/** Every stored object, in (bucket, path) order, for `npm run storage:move`. */
export async function listStoredFiles(db: AppDb): Promise<{ bucket: string; path: string }[]> {
  return rowsOf<{ bucket: string; path: string }>(
    await db.execute(sql`SELECT bucket, path FROM stored_files ORDER BY bucket, path`),
  );
}
