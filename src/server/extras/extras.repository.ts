import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';
import { extras } from '../db/schema';

type Executor = AppDb | AppTx;

export type ExtraRow = typeof extras.$inferSelect;
export type NewExtraRow = typeof extras.$inferInsert;
export type ExtraRowPatch = Partial<
  Pick<NewExtraRow, 'name' | 'price' | 'charge_per' | 'tax_treatment' | 'guest_bookable' | 'active'>
>;

/** The catalogue: active extras first, then by name. */
export async function findAllExtras(db: Executor): Promise<ExtraRow[]> {
  return db.select().from(extras).orderBy(desc(extras.active), asc(extras.name));
}

/** What a guest may pick: guest-bookable and active, by name. */
export async function findGuestBookableExtras(db: Executor): Promise<ExtraRow[]> {
  return db
    .select()
    .from(extras)
    .where(and(eq(extras.guest_bookable, true), eq(extras.active, true)))
    .orderBy(asc(extras.name));
}

export async function findExtrasByIds(db: Executor, ids: readonly string[]): Promise<ExtraRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(extras)
    .where(inArray(extras.extra_id, [...ids]));
}

export async function findExtra(db: Executor, extraId: string): Promise<ExtraRow | null> {
  const rows = await db.select().from(extras).where(eq(extras.extra_id, extraId));
  return rows[0] ?? null;
}

export async function insertExtra(tx: AppTx, values: NewExtraRow): Promise<ExtraRow> {
  const [row] = await tx.insert(extras).values(values).returning();
  return row!;
}

export async function updateExtraRow(
  tx: AppTx,
  extraId: string,
  patch: ExtraRowPatch,
): Promise<ExtraRow | null> {
  const rows = await tx.update(extras).set(patch).where(eq(extras.extra_id, extraId)).returning();
  return rows[0] ?? null;
}
