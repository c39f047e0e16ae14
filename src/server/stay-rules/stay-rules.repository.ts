import { asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';
import { stayRules } from '../db/schema';

type Executor = AppDb | AppTx;

export type StayRuleRow = typeof stayRules.$inferSelect;
export type NewStayRuleRow = typeof stayRules.$inferInsert;

/** Every rule, newest first. */
export async function findAllStayRules(db: Executor): Promise<StayRuleRow[]> {
  return db
    .select()
    .from(stayRules)
    .orderBy(desc(stayRules.created_at), desc(stayRules.stay_rule_id));
}

/** The rules not over on `today` (their last day today or later), by first day. */
export async function findStayRulesEndingFrom(db: Executor, today: string): Promise<StayRuleRow[]> {
  return db
    .select()
    .from(stayRules)
    .where(gte(stayRules.to_date, today))
    .orderBy(asc(stayRules.from_date), asc(stayRules.stay_rule_id));
}

/**
 * The rules that may cover a stay from `checkIn` to `checkOut`: those whose range holds the
 * arrival or the departure (stay-rules.ts decides which apply to which cabin).
 */
export async function findStayRulesTouching(
  db: Executor,
  checkIn: string,
  checkOut: string,
): Promise<StayRuleRow[]> {
  return db
    .select()
    .from(stayRules)
    .where(
      sql`(${stayRules.from_date} <= ${checkIn}::date AND ${stayRules.to_date} >= ${checkIn}::date)
       OR (${stayRules.from_date} <= ${checkOut}::date AND ${stayRules.to_date} >= ${checkOut}::date)`,
    );
}

export async function findStayRule(db: Executor, id: string): Promise<StayRuleRow | null> {
  const rows = await db.select().from(stayRules).where(eq(stayRules.stay_rule_id, id));
  return rows[0] ?? null;
}

export async function insertStayRule(tx: AppTx, values: NewStayRuleRow): Promise<StayRuleRow> {
  const [row] = await tx.insert(stayRules).values(values).returning();
  return row!;
}

export async function updateStayRuleRow(
  tx: AppTx,
  id: string,
  values: Partial<NewStayRuleRow>,
): Promise<StayRuleRow | null> {
  const rows = await tx
    .update(stayRules)
    .set(values)
    .where(eq(stayRules.stay_rule_id, id))
    .returning();
  return rows[0] ?? null;
}

export async function deleteStayRuleRow(tx: AppTx, id: string): Promise<boolean> {
  const rows = await tx
    .delete(stayRules)
    .where(eq(stayRules.stay_rule_id, id))
    .returning({ id: stayRules.stay_rule_id });
  return rows.length > 0;
}
