import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';
import { maintenanceIssues, maintenancePhotos, units } from '../db/schema';

type Executor = AppDb | AppTx;

export type IssueRow = typeof maintenanceIssues.$inferSelect & {
  unit_name: string;
  unit_code: string;
};
export type PhotoRow = typeof maintenancePhotos.$inferSelect;

const issueColumns = {
  issue_id: maintenanceIssues.issue_id,
  unit_id: maintenanceIssues.unit_id,
  title: maintenanceIssues.title,
  priority: maintenanceIssues.priority,
  status: maintenanceIssues.status,
  notes: maintenanceIssues.notes,
  cost: maintenanceIssues.cost,
  scheduled_from: maintenanceIssues.scheduled_from,
  scheduled_to: maintenanceIssues.scheduled_to,
  expense_id: maintenanceIssues.expense_id,
  completed_at: maintenanceIssues.completed_at,
  created_by: maintenanceIssues.created_by,
  created_by_name: maintenanceIssues.created_by_name,
  created_at: maintenanceIssues.created_at,
  updated_at: maintenanceIssues.updated_at,
  unit_name: units.unit_name,
  unit_code: units.unit_code,
};

/** A cabin's issues: open and in progress first, then by priority and newest first. */
export async function listIssuesOfUnit(db: Executor, unitId: string): Promise<IssueRow[]> {
  const rows = await db
    .select(issueColumns)
    .from(maintenanceIssues)
    .innerJoin(units, eq(units.unit_id, maintenanceIssues.unit_id))
    .where(eq(maintenanceIssues.unit_id, unitId))
    .orderBy(desc(maintenanceIssues.created_at));
  return rows;
}

export async function findIssue(db: Executor, issueId: string): Promise<IssueRow | null> {
  const rows = await db
    .select(issueColumns)
    .from(maintenanceIssues)
    .innerJoin(units, eq(units.unit_id, maintenanceIssues.unit_id))
    .where(eq(maintenanceIssues.issue_id, issueId));
  return rows[0] ?? null;
}

/** The issue's row, locked for the rest of the transaction. */
export async function lockIssue(tx: AppTx, issueId: string): Promise<IssueRow | null> {
  const rows = await tx
    .select(issueColumns)
    .from(maintenanceIssues)
    .innerJoin(units, eq(units.unit_id, maintenanceIssues.unit_id))
    .where(eq(maintenanceIssues.issue_id, issueId))
    .for('update', { of: maintenanceIssues });
  return rows[0] ?? null;
}

export async function unitExists(db: Executor, unitId: string): Promise<boolean> {
  const rows = await db
    .select({ unit_id: units.unit_id })
    .from(units)
    .where(eq(units.unit_id, unitId));
  return rows.length > 0;
}

export async function insertIssue(
  tx: AppTx,
  values: typeof maintenanceIssues.$inferInsert,
): Promise<string> {
  const [row] = await tx
    .insert(maintenanceIssues)
    .values(values)
    .returning({ issue_id: maintenanceIssues.issue_id });
  return row!.issue_id;
}

export async function updateIssueRow(
  tx: AppTx,
  issueId: string,
  values: Partial<typeof maintenanceIssues.$inferInsert>,
): Promise<void> {
  await tx.update(maintenanceIssues).set(values).where(eq(maintenanceIssues.issue_id, issueId));
}

export async function findPhotosOfIssues(
  db: Executor,
  issueIds: readonly string[],
): Promise<PhotoRow[]> {
  if (issueIds.length === 0) return [];
  return db
    .select()
    .from(maintenancePhotos)
    .where(inArray(maintenancePhotos.issue_id, [...issueIds]))
    .orderBy(asc(maintenancePhotos.created_at), asc(maintenancePhotos.photo_id));
}

export async function findPhoto(
  db: Executor,
  issueId: string,
  photoId: string,
): Promise<PhotoRow | null> {
  const rows = await db
    .select()
    .from(maintenancePhotos)
    .where(and(eq(maintenancePhotos.issue_id, issueId), eq(maintenancePhotos.photo_id, photoId)));
  return rows[0] ?? null;
}

export async function countPhotos(tx: AppTx, issueId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(maintenancePhotos)
    .where(eq(maintenancePhotos.issue_id, issueId));
  return Number(row?.n ?? 0);
}

/** Inserts a photo; null when the same stored file is already a photo (a repeated confirm). */
export async function insertPhoto(
  tx: AppTx,
  values: typeof maintenancePhotos.$inferInsert,
): Promise<string | null> {
  const rows = await tx
    .insert(maintenancePhotos)
    .values(values)
    .onConflictDoNothing({ target: maintenancePhotos.path })
    .returning({ photo_id: maintenancePhotos.photo_id });
  return rows[0]?.photo_id ?? null;
}

export async function deletePhotoRow(
  tx: AppTx,
  issueId: string,
  photoId: string,
): Promise<PhotoRow | null> {
  const rows = await tx
    .delete(maintenancePhotos)
    .where(and(eq(maintenancePhotos.issue_id, issueId), eq(maintenancePhotos.photo_id, photoId)))
    .returning();
  return rows[0] ?? null;
}
