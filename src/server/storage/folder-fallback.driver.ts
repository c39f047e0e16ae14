import { StorageObjectExistsError, type StorageDriver } from './storage.driver';

/**
 * The database driver with the folder behind it for reading (issue 24): an install that ran on
 * PostgreSQL with its files in DATA_DIR/storage keeps serving them after the upgrade, before (or
 * without) `npm run storage:move`. New files go to the database only; a path the folder already
 * holds is never written again, so "no upsert" holds across both.
 */
export function withFolderFallback(primary: StorageDriver, folder: StorageDriver): StorageDriver {
  return {
    async put(bucket, objectPath, data) {
      if (await folder.exists(bucket, objectPath)) {
        throw new StorageObjectExistsError(bucket, objectPath);
      }
      await primary.put(bucket, objectPath, data);
    },
    async getBuffer(bucket, objectPath) {
      return (await primary.getBuffer(bucket, objectPath)) ?? folder.getBuffer(bucket, objectPath);
    },
    async getStream(bucket, objectPath) {
      return (await primary.getStream(bucket, objectPath)) ?? folder.getStream(bucket, objectPath);
    },
    async delete(bucket, objectPath) {
      const removed = await primary.delete(bucket, objectPath);
      return (await folder.delete(bucket, objectPath)) || removed;
    },
    async stat(bucket, objectPath) {
      return (await primary.stat(bucket, objectPath)) ?? folder.stat(bucket, objectPath);
    },
    async exists(bucket, objectPath) {
      return (await primary.exists(bucket, objectPath)) || folder.exists(bucket, objectPath);
    },
    async list() {
      const [inPrimary, inFolder] = await Promise.all([primary.list(), folder.list()]);
      const known = new Set(inPrimary.map((ref) => `${ref.bucket}/${ref.path}`));
      return [
        ...inPrimary,
        ...inFolder.filter((ref) => !known.has(`${ref.bucket}/${ref.path}`)),
      ].sort((a, b) => (a.bucket + '/' + a.path < b.bucket + '/' + b.path ? -1 : 1));
    },
  };
}
