import { and, count, desc, eq, gte, ilike, lte, or, sql, type SQL, sum } from 'drizzle-orm';
import type { ExpenseSummaryQuery } from '../../domain/schemas/expense.schema';
import type { AppDb, AppTx } from '../db/client';
import { containsPattern } from '../db/like-pattern';
import { expenses, units } from '../db/schema';

type Executor = AppDb | AppTx;

export type ExpenseRow = typeof expenses.$inferSelect & { unit_name: string | null };
export type NewExpenseRow = typeof expenses.$inferInsert;

const columns = {
  expense_id: expenses.expense_id,
  expense_date: expenses.expense_date,
  category: expenses.category,
  amount: expenses.amount,
  description: expenses.description,
  vendor: expenses.vendor,
  vendor_contact: expenses.vendor_contact,
  unit_id: expenses.unit_id,
  proof_url: expenses.proof_url,
  created_by: expenses.created_by,
  created_by_name: expenses.created_by_name,
  created_at: expenses.created_at,
  updated_at: expenses.updated_at,
  unit_name: units.unit_name,
};

function conditions(query: ExpenseSummaryQuery): SQL | undefined {
  const search = query.search ? containsPattern(query.search) : null;
  return and(
    query.category ? eq(expenses.category, query.category) : undefined,
    query.unit_id ? eq(expenses.unit_id, query.unit_id) : undefined,
    query.from ? gte(expenses.expense_date, query.from) : undefined,
    query.to ? lte(expenses.expense_date, query.to) : undefined,
    search
      ? or(
          ilike(expenses.description, search),
          ilike(expenses.vendor, search),
          ilike(expenses.category, search),
          ilike(expenses.created_by_name, search),
        )
      : undefined,
  );
}

/** A page of expenses, newest first, with the count and sum of all that match. */
export async function listExpenses(
  db: Executor,
  query: ExpenseSummaryQuery & { page: number; page_size: number },
): Promise<{ rows: ExpenseRow[]; total: number; totalAmount: number }> {
  const where = conditions(query);
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(expenses)
      .leftJoin(units, eq(units.unit_id, expenses.unit_id))
      .where(where)
      .orderBy(desc(expenses.expense_date), desc(expenses.created_at))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: count(), amount: sum(expenses.amount) })
      .from(expenses)
      .where(where),
  ]);
  return {
    rows,
    total: Number(totals[0]?.total ?? 0),
    totalAmount: Number(totals[0]?.amount ?? 0),
  };
}

export async function findExpense(db: Executor, expenseId: string): Promise<ExpenseRow | null> {
  const rows = await db
    .select(columns)
    .from(expenses)
    .leftJoin(units, eq(units.unit_id, expenses.unit_id))
    .where(eq(expenses.expense_id, expenseId));
  return rows[0] ?? null;
}

export async function lockExpense(tx: AppTx, expenseId: string) {
  const rows = await tx
    .select()
    .from(expenses)
    .where(eq(expenses.expense_id, expenseId))
    .for('update');
  return rows[0] ?? null;
}

export async function insertExpense(tx: AppTx, values: NewExpenseRow): Promise<string> {
  const [row] = await tx
    .insert(expenses)
    .values(values)
    .returning({ expense_id: expenses.expense_id });
  return row!.expense_id;
}

export async function updateExpenseRow(
  tx: AppTx,
  expenseId: string,
  values: Partial<NewExpenseRow>,
): Promise<void> {
  await tx.update(expenses).set(values).where(eq(expenses.expense_id, expenseId));
}

export async function deleteExpenseRow(
  tx: AppTx,
  expenseId: string,
): Promise<{ proof_url: string | null } | null> {
  const rows = await tx
    .delete(expenses)
    .where(eq(expenses.expense_id, expenseId))
    .returning({ proof_url: expenses.proof_url });
  return rows[0] ?? null;
}

export async function unitExists(db: Executor, unitId: string): Promise<boolean> {
  const rows = await db.select({ id: units.unit_id }).from(units).where(eq(units.unit_id, unitId));
  return rows.length > 0;
}

/** Totals by category and by month ('YYYY-MM' of the expense date), from SQL aggregates. */
export async function summariseExpenses(db: Executor, query: ExpenseSummaryQuery) {
  const where = conditions(query);
  const month = sql<string>`to_char(${expenses.expense_date}, 'YYYY-MM')`;
  const [byCategory, byMonth] = await Promise.all([
    db
      .select({ category: expenses.category, total: sum(expenses.amount), count: count() })
      .from(expenses)
      .where(where)
      .groupBy(expenses.category)
      .orderBy(desc(sum(expenses.amount))),
    db
      .select({ month, total: sum(expenses.amount), count: count() })
      .from(expenses)
      .where(where)
      .groupBy(month)
      .orderBy(month),
  ]);
  return {
    byCategory: byCategory.map((r) => ({
      category: r.category,
      total: Number(r.total ?? 0),
      count: Number(r.count),
    })),
    byMonth: byMonth.map((r) => ({
      month: String(r.month),
      total: Number(r.total ?? 0),
      count: Number(r.count),
    })),
  };
}
