import { randomUUID } from 'node:crypto';
import { isRecordId } from '../../domain/record-id';
import {
  MAX_UNIT_PHOTOS,
  UNIT_PHOTO_MESSAGES,
  type UnitPhotoOrder,
  type UnitPhotoUpdate,
} from '../../domain/schemas/unit-photo.schema';
import type { UnitPhotoDto } from '../../domain/schemas/unit-photo.schema';
import type { AppDb } from '../db/client';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound } from '../errors';
import type { ActorContext } from '../http/request-context';
import type { StorageDriver } from '../storage/storage.driver';
import { prepareUnitPhoto } from './unit-photo-file';
import {
  countUnitPhotos,
  deleteUnitPhotoRow,
  findPhotosOfUnits,
  insertUnitPhoto,
  isLivePhotoKey,
  setUnitPhotoPositions,
  type UnitPhotoRow,
  updateUnitPhotoAlt,
} from './unit-photos.repository';
import { findUnit, lockUnit } from './units.repository';

/** Issue 15: cabin photos are public, unlike proofs; they live in a bucket of their own. */
export const UNIT_PHOTOS_BUCKET = 'unit-photos';
/** Where a stored photo variant is served (unit-photos.routes.ts). */
export const PHOTO_URL_PREFIX = '/api/public/photos/';
/** A stored variant's name: a random id, "-thumb" for the card variant, always WebP. */
export const PHOTO_KEY = /^[a-z0-9-]{1,100}\.webp$/;

const UNIT_NOT_FOUND = 'Cabin not found';

export function toUnitPhotoDto(row: UnitPhotoRow): UnitPhotoDto {
  return {
    photo_id: row.photo_id,
    url: `${PHOTO_URL_PREFIX}${row.storage_key}`,
    thumb_url: `${PHOTO_URL_PREFIX}${row.thumb_key}`,
    width: row.width,
    height: row.height,
    thumb_width: row.thumb_width,
    thumb_height: row.thumb_height,
    alt_text: row.alt_text,
    position: row.position,
  };
}

/** The photos of each unit (in order), for the unit answers; units without photos map to []. */
export async function photosByUnit(
  db: AppDb,
  unitIds: readonly string[],
): Promise<Map<string, UnitPhotoDto[]>> {
  const out = new Map<string, UnitPhotoDto[]>(unitIds.map((id) => [id, []]));
  for (const row of await findPhotosOfUnits(db, unitIds)) {
    out.get(row.unit_id)?.push(toUnitPhotoDto(row));
  }
  return out;
}

async function photosOf(db: AppDb, unitId: string): Promise<UnitPhotoDto[]> {
  return (await findPhotosOfUnits(db, [unitId])).map(toUnitPhotoDto);
}

/** The stored files of photos whose rows are gone (a photo deleted, or its cabin deleted). */
export async function removeUnitPhotoFiles(
  driver: StorageDriver,
  photos: readonly Pick<UnitPhotoRow, 'storage_key' | 'thumb_key'>[],
): Promise<void> {
  await removeFiles(
    driver,
    photos.flatMap((photo) => [photo.storage_key, photo.thumb_key]),
  );
}

async function removeFiles(driver: StorageDriver, keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map((key) => driver.delete(UNIT_PHOTOS_BUCKET, key).catch(() => undefined)),
  );
}

const limitReached = () => conflict(UNIT_PHOTO_MESSAGES.limit);

function isLimitError(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  return (cause as { constraint?: unknown } | null)?.constraint === 'unit_photos_limit';
}

/**
 * Adds a photo at the end of the cabin's list. Checked, resized and re-encoded first (415 for
 * anything but a real JPEG, PNG or WebP), stored under new random names, then recorded in one
 * transaction that holds the cabin's row while it counts (409 past MAX_UNIT_PHOTOS). When the
 * record cannot be written the files are taken back out.
 */
export async function addUnitPhoto(
  deps: AppDeps,
  unitId: string,
  upload: { body: unknown; contentType: string | undefined },
  context: ActorContext,
): Promise<UnitPhotoDto[]> {
  if (!isRecordId(unitId)) throw notFound(UNIT_NOT_FOUND);
  const db = deps.database.db;
  // Cheap answers before any pixel is decoded.
  if (!(await findUnit(db, unitId))) throw notFound(UNIT_NOT_FOUND);
  if ((await countUnitPhotos(db, unitId)) >= MAX_UNIT_PHOTOS) throw limitReached();
  const body = upload.body;
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(UNIT_PHOTO_MESSAGES.required);

  const prepared = await prepareUnitPhoto(body, upload.contentType);
  const name = randomUUID();
  const keys = { large: `${name}.webp`, thumb: `${name}-thumb.webp` };
  const driver = deps.storage.driver;
  const written: string[] = [];
  try {
    await driver.put(UNIT_PHOTOS_BUCKET, keys.large, prepared.large.data);
    written.push(keys.large);
    await driver.put(UNIT_PHOTOS_BUCKET, keys.thumb, prepared.thumb.data);
    written.push(keys.thumb);
    await context.transaction(async (tx) => {
      if (!(await lockUnit(tx, unitId))) throw notFound(UNIT_NOT_FOUND);
      const count = await countUnitPhotos(tx, unitId);
      if (count >= MAX_UNIT_PHOTOS) throw limitReached();
      await insertUnitPhoto(tx, {
        unit_id: unitId,
        position: count,
        storage_key: keys.large,
        thumb_key: keys.thumb,
        width: prepared.large.width,
        height: prepared.large.height,
        thumb_width: prepared.thumb.width,
        thumb_height: prepared.thumb.height,
      });
    });
  } catch (error) {
    await removeFiles(driver, written);
    if (isLimitError(error)) throw limitReached();
    throw error;
  }
  return photosOf(db, unitId);
}

/** Removes a photo; the others close up behind it. Its files go once the change is committed. */
export async function deleteUnitPhoto(
  deps: AppDeps,
  unitId: string,
  photoId: string,
  context: ActorContext,
): Promise<UnitPhotoDto[]> {
  if (!isRecordId(unitId) || !isRecordId(photoId)) throw notFound(UNIT_PHOTO_MESSAGES.notFound);
  const removed = await context.transaction(async (tx) => {
    if (!(await lockUnit(tx, unitId))) return null;
    const row = await deleteUnitPhotoRow(tx, unitId, photoId);
    if (!row) return null;
    const rest = await findPhotosOfUnits(tx, [unitId]);
    await setUnitPhotoPositions(
      tx,
      unitId,
      rest.map((photo) => photo.photo_id),
    );
    return row;
  });
  if (!removed) throw notFound(UNIT_PHOTO_MESSAGES.notFound);
  await removeFiles(deps.storage.driver, [removed.storage_key, removed.thumb_key]);
  return photosOf(deps.database.db, unitId);
}

/** Puts the cabin's photos in the given order; the list must name each of them exactly once. */
export async function reorderUnitPhotos(
  deps: AppDeps,
  unitId: string,
  input: UnitPhotoOrder,
  context: ActorContext,
): Promise<UnitPhotoDto[]> {
  if (!isRecordId(unitId)) throw notFound(UNIT_NOT_FOUND);
  const wanted = input.photo_ids.map((id) => id.toLowerCase());
  await context.transaction(async (tx) => {
    if (!(await lockUnit(tx, unitId))) throw notFound(UNIT_NOT_FOUND);
    const current = (await findPhotosOfUnits(tx, [unitId])).map((photo) => photo.photo_id);
    const same =
      wanted.length === current.length &&
      new Set(wanted).size === wanted.length &&
      wanted.every((id) => current.includes(id));
    if (!same) throw conflict(UNIT_PHOTO_MESSAGES.orderMismatch);
    await setUnitPhotoPositions(tx, unitId, wanted);
  });
  return photosOf(deps.database.db, unitId);
}

/** Changes a photo's alternative text. */
export async function updateUnitPhoto(
  deps: AppDeps,
  unitId: string,
  photoId: string,
  input: UnitPhotoUpdate,
  context: ActorContext,
): Promise<UnitPhotoDto[]> {
  if (!isRecordId(unitId) || !isRecordId(photoId)) throw notFound(UNIT_PHOTO_MESSAGES.notFound);
  if (input.alt_text !== undefined) {
    const altText = input.alt_text;
    const row = await context.transaction((tx) => updateUnitPhotoAlt(tx, unitId, photoId, altText));
    if (!row) throw notFound(UNIT_PHOTO_MESSAGES.notFound);
  }
  const photos = await photosOf(deps.database.db, unitId);
  if (!photos.some((photo) => photo.photo_id === photoId.toLowerCase())) {
    throw notFound(UNIT_PHOTO_MESSAGES.notFound);
  }
  return photos;
}

/** A live photo's stored bytes, or null (unknown, deleted or malformed name: 404). */
export async function openPublicPhoto(
  deps: AppDeps,
  key: string,
): Promise<{ stream: NodeJS.ReadableStream; size: number } | null> {
  if (!PHOTO_KEY.test(key)) return null;
  if (!(await isLivePhotoKey(deps.database.db, key))) return null;
  const driver = deps.storage.driver;
  const info = await driver.stat(UNIT_PHOTOS_BUCKET, key);
  if (!info) return null;
  const stream = await driver.getStream(UNIT_PHOTOS_BUCKET, key);
  return stream ? { stream, size: info.size } : null;
}
