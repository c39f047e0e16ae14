import { eq, inArray } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';
import { settings } from '../db/schema';

type Executor = AppDb | AppTx;

export async function findSetting(db: Executor, key: string): Promise<unknown> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  return rows[0]?.value;
}

/** Several sections in one statement: key → stored value (a key never stored is absent). */
export async function findSettings(
  db: Executor,
  keys: readonly string[],
): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function upsertSetting(
  db: Executor,
  key: string,
  value: unknown,
  updatedBy: string | null,
): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updated_by: updatedBy })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value, updated_by: updatedBy, updated_at: new Date() },
    });
}
