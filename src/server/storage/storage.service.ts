import path from 'node:path';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { AppError, badRequest, forbidden } from '../errors';
import { createDatabaseStorageDriver } from './database-storage.driver';
import { withFolderFallback } from './folder-fallback.driver';
import { createLocalStorageDriver } from './local-storage.driver';
import { fileTooLargeMessage, prepareProofFile } from './proof-file';
import { isValidBucket, normalizeStoragePath } from './storage-path';
import { StorageObjectExistsError, type StorageDriver } from './storage.driver';
import {
  UPLOAD_TOKEN_TTL_MS,
  createUploadToken,
  deriveUploadTokenKey,
  verifyUploadToken,
} from './upload-token';
import { isUploadTokenUsed, markUploadTokenUsed } from './used-upload-tokens.repository';

export const UPLOAD_MESSAGES = {
  tokenRequired: 'An upload token is required.',
  tokenInvalid: 'This upload link is not valid.',
  tokenWrongTarget: 'This upload link is not valid for this file location.',
  tokenExpired: 'This upload link has expired. Please submit the booking again.',
  tokenUsed: 'This upload link has already been used.',
  invalidLocation: 'Invalid upload location.',
  emptyFile: 'Payment proof is required',
  alreadyExists: 'A file already exists at this location.',
} as const;

export type SignedUpload = {
  bucket: string;
  path: string;
  token: string;
  expires_at: Date;
};

export type StoredObject = { bucket: string; path: string; size: number; content_type: string };

export type StorageService = {
  driver: StorageDriver;
  /** MAX_PROOF_BYTES: the largest upload accepted (DESIGN §2). */
  maxUploadBytes: number;
  /** A signed, one-use upload for exactly this bucket and path, valid 15 minutes (DESIGN §2). */
  createSignedUpload(target: { bucket: string; path: string; expiresAt?: Date }): SignedUpload;
  /**
   * Checks the token, the size and the real type, prepares the bytes (proof-file.ts) and stores
   * them, recording the token as used in the same transaction. Nothing is stored when any check
   * fails. Errors: 403 token, 413 size, 415 type, 409 an object already at the path.
   */
  acceptSignedUpload(upload: {
    bucket: string;
    path: string;
    token: unknown;
    contentType: string | undefined;
    body: unknown;
  }): Promise<StoredObject>;
};

/**
 * The driver the configuration names (issue 24): DATA_DIR/storage, or the database's tables with
 * DATA_DIR/storage still read for files written there before the move (folder-fallback.driver.ts).
 */
export function createStorageDriver(
  config: Pick<Config, 'storageDriver' | 'dataDir'>,
  database: Database,
): StorageDriver {
  const folder = createLocalStorageDriver(path.join(config.dataDir, 'storage'));
  return config.storageDriver === 'database'
    ? withFolderFallback(createDatabaseStorageDriver(database), folder)
    : folder;
}

export function createStorageService(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  driver?: StorageDriver;
}): StorageService {
  const { config, database, clock } = deps;
  const driver = deps.driver ?? createStorageDriver(config, database);
  const key = deriveUploadTokenKey(config.sessionSecret);
  const maxUploadBytes = config.maxProofBytes;

  return {
    driver,
    maxUploadBytes,

    createSignedUpload(target) {
      const normal = normalizeStoragePath(target.path);
      if (!isValidBucket(target.bucket) || normal === null) {
        throw new Error(`Invalid upload target ${target.bucket}/${target.path}`);
      }
      const expiresAt = target.expiresAt ?? new Date(clock.now().getTime() + UPLOAD_TOKEN_TTL_MS);
      const { token } = createUploadToken(key, {
        bucket: target.bucket,
        path: normal,
        maxBytes: maxUploadBytes,
        expiresAt,
      });
      return { bucket: target.bucket, path: normal, token, expires_at: expiresAt };
    },

    async acceptSignedUpload(upload) {
      const objectPath = normalizeStoragePath(upload.path);
      if (!isValidBucket(upload.bucket) || objectPath === null) {
        throw badRequest(UPLOAD_MESSAGES.invalidLocation);
      }
      if (typeof upload.token !== 'string' || upload.token === '') {
        throw forbidden(UPLOAD_MESSAGES.tokenRequired);
      }
      const check = verifyUploadToken(
        key,
        upload.token,
        { bucket: upload.bucket, path: objectPath },
        clock.now(),
      );
      if (!check.ok) {
        throw forbidden(
          check.reason === 'expired'
            ? UPLOAD_MESSAGES.tokenExpired
            : check.reason === 'wrong-target'
              ? UPLOAD_MESSAGES.tokenWrongTarget
              : UPLOAD_MESSAGES.tokenInvalid,
        );
      }
      const { claims } = check;
      // Cheap early answer for a replay; the insert below is what actually enforces one use.
      if (await isUploadTokenUsed(database.db, claims.id)) {
        throw forbidden(UPLOAD_MESSAGES.tokenUsed);
      }

      const body = upload.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw badRequest(UPLOAD_MESSAGES.emptyFile);
      }
      const limit = Math.min(claims.m, maxUploadBytes);
      if (body.length > limit) throw new AppError(413, fileTooLargeMessage(limit));

      const prepared = await prepareProofFile(body, upload.contentType);

      let stored = false;
      try {
        await database.db.transaction(async (tx) => {
          if (!(await markUploadTokenUsed(tx, claims.id, new Date(claims.e)))) {
            throw forbidden(UPLOAD_MESSAGES.tokenUsed);
          }
          try {
            await driver.put(upload.bucket, objectPath, prepared.data);
          } catch (error) {
            if (error instanceof StorageObjectExistsError) {
              throw new AppError(409, UPLOAD_MESSAGES.alreadyExists);
            }
            throw error;
          }
          stored = true;
        });
      } catch (error) {
        // The commit failed after the file was written: take the file back out.
        if (stored) await driver.delete(upload.bucket, objectPath).catch(() => undefined);
        throw error;
      }
      return {
        bucket: upload.bucket,
        path: objectPath,
        size: prepared.data.length,
        content_type: prepared.mime,
      };
    },
  };
}
