import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isValidBucket, normalizeStoragePath } from './storage-path';
import {
  InvalidStoragePathError,
  StorageObjectExistsError,
  type StorageDriver,
  type StorageObjectRef,
} from './storage.driver';

const isMissing = (error: unknown): boolean =>
  (error as NodeJS.ErrnoException | null)?.code === 'ENOENT' ||
  (error as NodeJS.ErrnoException | null)?.code === 'ENOTDIR';

/**
 * DESIGN §2: objects as files under `<root>/<bucket>/<path>` (root = DATA_DIR/storage). Writes go
 * to a temporary file first and are then hard-linked into place, so a reader never sees half a
 * file and an existing object is never replaced (link fails with EEXIST).
 */
export function createLocalStorageDriver(root: string): StorageDriver {
  const base = path.resolve(root);

  function fileOf(bucket: string, objectPath: string): string {
    const normal = normalizeStoragePath(objectPath);
    if (!isValidBucket(bucket) || normal === null || normal !== objectPath) {
      throw new InvalidStoragePathError();
    }
    const file = path.resolve(base, bucket, ...normal.split('/'));
    // Defence in depth: whatever the checks above missed, never leave the bucket's folder.
    const bucketDir = path.resolve(base, bucket);
    if (!file.startsWith(bucketDir + path.sep)) throw new InvalidStoragePathError();
    return file;
  }

  return {
    async put(bucket, objectPath, data) {
      const file = fileOf(bucket, objectPath);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, data, { flag: 'wx', mode: 0o600 });
      try {
        await link(tmp, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new StorageObjectExistsError(bucket, objectPath);
        }
        throw error;
      } finally {
        await unlink(tmp).catch(() => undefined);
      }
    },

    async getBuffer(bucket, objectPath) {
      try {
        return await readFile(fileOf(bucket, objectPath));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async getStream(bucket, objectPath): Promise<Readable | null> {
      const file = fileOf(bucket, objectPath);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return createReadStream(file);
    },

    async delete(bucket, objectPath) {
      try {
        await unlink(fileOf(bucket, objectPath));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async stat(bucket, objectPath) {
      try {
        const info = await stat(fileOf(bucket, objectPath));
        return info.isFile() ? { size: info.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async exists(bucket, objectPath) {
      return (await this.stat(bucket, objectPath)) !== null;
    },

    async list() {
      let entries;
      try {
        entries = await readdir(base, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const objects: StorageObjectRef[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const [bucket, ...rest] = path
          .relative(base, path.join(entry.parentPath, entry.name))
          .split(path.sep);
        const objectPath = rest.join('/');
        // Temporary files of a put that never finished are not objects.
        if (bucket && isValidBucket(bucket) && normalizeStoragePath(objectPath) === objectPath) {
          objects.push({ bucket, path: objectPath });
        }
      }
      return objects.sort((x, y) =>
        x.bucket === y.bucket ? (x.path < y.path ? -1 : 1) : x.bucket < y.bucket ? -1 : 1,
      );
    },
  };
}
