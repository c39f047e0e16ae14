import type { Readable } from 'node:stream';

/**
 * DESIGN §2 file storage: objects addressed by a bucket and a path. The local-folder driver is the
 * default; an S3-compatible driver is the scale path and implements the same interface. Paths are
 * given in the normal form of storage-path.ts; drivers check them again (defence in depth).
 */
export interface StorageDriver {
  /**
   * Stores an object. It never replaces an existing object (SPEC §7: "no upsert"): a second put at
   * the same path fails with StorageObjectExistsError.
   */
  put(bucket: string, path: string, data: Buffer): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  getBuffer(bucket: string, path: string): Promise<Buffer | null>;
  /** A stream of the object's bytes, or null when there is no such object. */
  getStream(bucket: string, path: string): Promise<Readable | null>;
  /** Removes an object; true when something was removed. */
  delete(bucket: string, path: string): Promise<boolean>;
  /** The object's size in bytes, or null when there is no such object. */
  stat(bucket: string, path: string): Promise<{ size: number } | null>;
  exists(bucket: string, path: string): Promise<boolean>;
  /** Every object, in (bucket, path) order (`npm run storage:move`, issue 24). */
  list(): Promise<StorageObjectRef[]>;
}

export type StorageObjectRef = { bucket: string; path: string };

export class StorageObjectExistsError extends Error {
  constructor(bucket: string, path: string) {
    super(`Object already exists: ${bucket}/${path}`);
    this.name = 'StorageObjectExistsError';
  }
}

export class InvalidStoragePathError extends Error {
  constructor() {
    super('Invalid storage bucket or path');
    this.name = 'InvalidStoragePathError';
  }
}
