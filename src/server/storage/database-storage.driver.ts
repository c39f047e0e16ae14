import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database } from '../db/client';
import { isValidBucket, normalizeStoragePath } from './storage-path';
import {
  InvalidStoragePathError,
  StorageObjectExistsError,
  type StorageDriver,
} from './storage.driver';
import {
  deleteStoredFile,
  findStoredFile,
  insertStoredFile,
  listStoredFiles,
  readStoredFileChunk,
} from './stored-files.repository';

/**
 * Issue 24 (decision 0026): objects as rows of the shared PostgreSQL database, so every app
 * instance serves every file and one backup holds them all. A put is one transaction (whole or
 * absent) and never replaces an object; a stream reads one 256 KiB chunk at a time.
 */
export function createDatabaseStorageDriver(database: Pick<Database, 'db'>): StorageDriver {
  const { db } = database;

  function check(bucket: string, objectPath: string): void {
    if (!isValidBucket(bucket) || normalizeStoragePath(objectPath) !== objectPath) {
      throw new InvalidStoragePathError();
    }
  }

  async function getBuffer(bucket: string, objectPath: string): Promise<Buffer | null> {
    check(bucket, objectPath);
    const file = await findStoredFile(db, bucket, objectPath);
    if (!file) return null;
    const parts: Buffer[] = [];
    for (let n = 0; n < file.chunks; n += 1) {
      const chunk = await readStoredFileChunk(db, file.file_id, n);
      if (!chunk) return null; // removed while it was being read
      parts.push(chunk);
    }
    return Buffer.concat(parts, file.size);
  }

  return {
    async put(bucket, objectPath, data) {
      check(bucket, objectPath);
      const sha256 = createHash('sha256').update(data).digest('hex');
      if (!(await insertStoredFile(db, { bucket, path: objectPath, sha256, data }))) {
        throw new StorageObjectExistsError(bucket, objectPath);
      }
    },

    getBuffer,

    async getStream(bucket, objectPath) {
      check(bucket, objectPath);
      const file = await findStoredFile(db, bucket, objectPath);
      if (!file) return null;
      async function* chunks() {
        for (let n = 0; n < file!.chunks; n += 1) {
          const chunk = await readStoredFileChunk(db, file!.file_id, n);
          if (!chunk) throw new Error(`Stored file ${bucket}/${objectPath} was removed while read`);
          yield chunk;
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },

    async delete(bucket, objectPath) {
      check(bucket, objectPath);
      return deleteStoredFile(db, bucket, objectPath);
    },

    async stat(bucket, objectPath) {
      check(bucket, objectPath);
      const file = await findStoredFile(db, bucket, objectPath);
      return file ? { size: file.size } : null;
    },

    async exists(bucket, objectPath) {
      return (await this.stat(bucket, objectPath)) !== null;
    },

    list: () => listStoredFiles(db),
  };
}
