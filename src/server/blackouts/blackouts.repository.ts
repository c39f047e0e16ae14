import { and, asc, count, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { BlackoutListQuery } from '../../domain/schemas/blackout.schema';
import type { AppDb, AppTx } from '../db/client';
import { availabilityBlackouts, units } from '../db/schema';

type Executor = AppDb | AppTx;

export type BlackoutRow = typeof availabilityBlackouts.$inferSelect & {
  unit_name: string;
  unit_code: string;
};

const columns = {
  blackout_id: availabilityBlackouts.blackout_id,
  unit_id: availabilityBlackouts.unit_id,
  start_date: availabilityBlackouts.start_date,
  end_date: availabilityBlackouts.end_date,
  reason: availabilityBlackouts.reason,
  kind: availabilityBlackouts.kind,
  maintenance_issue_id: availabilityBlackouts.maintenance_issue_id,
  created_by: availabilityBlackouts.created_by,
  created_at: availabilityBlackouts.created_at,
  updated_at: availabilityBlackouts.updated_at,
  unit_name: units.unit_name,
  unit_code: units.unit_code,
};

function listConditions(query: BlackoutListQuery): SQL | undefined {
  return and(
    query.unit_id ? eq(availabilityBlackouts.unit_id, query.unit_id) : undefined,
    // A blackout touches [from, to] when it ends on or after from and starts on or before to.
    query.from ? gte(availabilityBlackouts.end_date, query.from) : undefined,
    query.to ? lte(availabilityBlackouts.start_date, query.to) : undefined,
  );
}

export async function listBlackouts(
  db: Executor,
  query: BlackoutListQuery,
): Promise<{ rows: BlackoutRow[]; total: number }> {
  const where = listConditions(query);
  const [rows, counted] = await Promise.all([
    db
      .select(columns)
      .from(availabilityBlackouts)
      .innerJoin(units, eq(units.unit_id, availabilityBlackouts.unit_id))
      .where(where)
      .orderBy(asc(availabilityBlackouts.start_date), asc(units.unit_name))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(availabilityBlackouts).where(where),
  ]);
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

export async function findBlackout(db: Executor, blackoutId: string): Promise<BlackoutRow | null> {
  const rows = await db
    .select(columns)
    .from(availabilityBlackouts)
    .innerJoin(units, eq(units.unit_id, availabilityBlackouts.unit_id))
    .where(eq(availabilityBlackouts.blackout_id, blackoutId));
  return rows[0] ?? null;
}

/** Another blackout of the unit over any of the nights start..end (inclusive). */
export async function findOverlappingBlackout(
  tx: AppTx,
  range: { unit_id: string; start_date: string; end_date: string },
  exceptId?: string,
): Promise<{ start_date: string; end_date: string } | null> {
  const rows = await tx
    .select({
      start_date: availabilityBlackouts.start_date,
      end_date: availabilityBlackouts.end_date,
    })
    .from(availabilityBlackouts)
    .where(
      and(
        eq(availabilityBlackouts.unit_id, range.unit_id),
        exceptId ? ne(availabilityBlackouts.blackout_id, exceptId) : undefined,
        sql`daterange(${availabilityBlackouts.start_date}, ${availabilityBlackouts.end_date}, '[]')
            && daterange(${range.start_date}::date, ${range.end_date}::date, '[]')`,
      ),
    )
    .orderBy(asc(availabilityBlackouts.start_date))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertBlackout(
  tx: AppTx,
  values: typeof availabilityBlackouts.$inferInsert,
): Promise<string> {
  const [row] = await tx
    .insert(availabilityBlackouts)
    .values(values)
    .returning({ blackout_id: availabilityBlackouts.blackout_id });
  return row!.blackout_id;
}

export async function updateBlackoutRow(
  tx: AppTx,
  blackoutId: string,
  values: Partial<typeof availabilityBlackouts.$inferInsert>,
): Promise<boolean> {
  const rows = await tx
    .update(availabilityBlackouts)
    .set(values)
    .where(eq(availabilityBlackouts.blackout_id, blackoutId))
    .returning({ blackout_id: availabilityBlackouts.blackout_id });
  return rows.length > 0;
}

export async function deleteBlackoutRow(tx: AppTx, blackoutId: string): Promise<boolean> {
  const rows = await tx
    .delete(availabilityBlackouts)
    .where(eq(availabilityBlackouts.blackout_id, blackoutId))
    .returning({ blackout_id: availabilityBlackouts.blackout_id });
  return rows.length > 0;
}
