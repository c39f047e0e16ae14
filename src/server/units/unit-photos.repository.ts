import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AppDb, AppTx } from '../db/client';
import { units } from '../db/schema';

type Executor = AppDb | AppTx;

/** Drizzle's view of migrations/0012_unit_photos.sql (the SQL is the source of truth). */
export const unitPhotos = pgTable('unit_photos', {
  photo_id: uuid('photo_id').primaryKey().defaultRandom(),
  unit_id: uuid('unit_id')
    .notNull()
    .references(() => units.unit_id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  storage_key: text('storage_key').notNull(),
  thumb_key: text('thumb_key').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  thumb_width: integer('thumb_width').notNull(),
  thumb_height: integer('thumb_height').notNull(),
  alt_text: text('alt_text'),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type UnitPhotoRow = typeof unitPhotos.$inferSelect;
export type NewUnitPhotoRow = typeof unitPhotos.$inferInsert;

/** The photos of these units, each unit's in its order. */
export async function findPhotosOfUnits(
  db: Executor,
  unitIds: readonly string[],
): Promise<UnitPhotoRow[]> {
  if (unitIds.length === 0) return [];
  return db
    .select()
    .from(unitPhotos)
    .where(inArray(unitPhotos.unit_id, [...unitIds]))
    .orderBy(asc(unitPhotos.unit_id), asc(unitPhotos.position));
}

export async function countUnitPhotos(db: Executor, unitId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(unitPhotos)
    .where(eq(unitPhotos.unit_id, unitId));
  return Number(row?.n ?? 0);
}

export async function insertUnitPhoto(tx: AppTx, values: NewUnitPhotoRow): Promise<UnitPhotoRow> {
  const [row] = await tx.insert(unitPhotos).values(values).returning();
  return row!;
}

export async function deleteUnitPhotoRow(
  tx: AppTx,
  unitId: string,
  photoId: string,
): Promise<UnitPhotoRow | null> {
  const rows = await tx
    .delete(unitPhotos)
    .where(and(eq(unitPhotos.unit_id, unitId), eq(unitPhotos.photo_id, photoId)))
    .returning();
  return rows[0] ?? null;
}

/** Positions 0, 1, 2… in the given order (the unique position is checked at commit). */
export async function setUnitPhotoPositions(
  tx: AppTx,
  unitId: string,
  orderedIds: readonly string[],
): Promise<void> {
  for (const [position, photoId] of orderedIds.entries()) {
    await tx
      .update(unitPhotos)
      .set({ position })
      .where(and(eq(unitPhotos.unit_id, unitId), eq(unitPhotos.photo_id, photoId)));
  }
}

export async function updateUnitPhotoAlt(
  tx: AppTx,
  unitId: string,
  photoId: string,
  altText: string | null,
): Promise<UnitPhotoRow | null> {
  const rows = await tx
    .update(unitPhotos)
    .set({ alt_text: altText })
    .where(and(eq(unitPhotos.unit_id, unitId), eq(unitPhotos.photo_id, photoId)))
    .returning();
  return rows[0] ?? null;
}

/** Whether a stored file is one of a live photo's variants (deleted photos are not served). */
export async function isLivePhotoKey(db: Executor, key: string): Promise<boolean> {
  const rows = await db
    .select({ photo_id: unitPhotos.photo_id })
    .from(unitPhotos)
    .where(or(eq(unitPhotos.storage_key, key), eq(unitPhotos.thumb_key, key)))
    .limit(1);
  return rows.length > 0;
}
