import type { Readable } from 'node:stream';
import { type ExpenseCategory, hasRoleAtLeast } from '../../domain/constants';
import { todayInZone } from '../../domain/dates';
import { MESSAGES as FORM_MESSAGES } from '../../domain/messages';
import { isRecordId } from '../../domain/record-id';
import {
  type Expense,
  EXPENSE_DATE_FUTURE_MESSAGE,
  type ExpenseUpdate,
  isExpenseDateAllowed,
} from '../../domain/schemas/expense.schema';
import type {
  ExpenseDto,
  ExpenseListQuery,
  ExpenseSummary,
  ExpenseSummaryQuery,
} from '../../domain/schemas/expense.schema';
import type { AppTx } from '../db/client';
import type { AppDeps } from '../deps';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import type { ActorContext } from '../http/request-context';
import { fileTooLargeMessage } from '../storage/proof-file';
import { normalizeStoragePath, safeFileName } from '../storage/storage-path';
import {
  deleteExpenseRow,
  type ExpenseRow,
  findExpense,
  insertExpense,
  listExpenses,
  lockExpense,
  summariseExpenses,
  unitExists,
  updateExpenseRow,
} from './expenses.repository';
import { PERMISSION_MESSAGES } from '../../domain/permissions';

/** DESIGN §3: proofs are private; expense receipts live in their own bucket. */
export const EXPENSE_PROOFS_BUCKET = 'expense-proofs';

export const EXPENSE_MESSAGES = {
  notFound: 'Expense not found',
  editDenied: PERMISSION_MESSAGES.expenseEdit,
  deleteDenied: PERMISSION_MESSAGES.expenseDelete,
  noProof: 'This expense has no proof attached.',
  uploadMissing: 'The uploaded file was not found. Please upload it again.',
} as const;

const PROOF_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** The file name a person recognises: the stored name without its timestamp prefix. */
function proofFileName(path: string | null): string | null {
  if (!path) return null;
  const last = path.split('/').pop() ?? '';
  return last.replace(/^\d+-/, '') || last;
}

export function toExpenseDto(row: ExpenseRow): ExpenseDto {
  return {
    expense_id: row.expense_id,
    expense_date: row.expense_date,
    category: row.category as ExpenseCategory,
    amount: Number(row.amount),
    description: row.description,
    vendor: row.vendor,
    vendor_contact: row.vendor_contact,
    unit_id: row.unit_id,
    unit_name: row.unit_name,
    proof_url: row.proof_url ? `/api/expenses/${row.expense_id}/proof` : null,
    proof_file_name: proofFileName(row.proof_url),
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** SPEC §6 and DESIGN §5: an expense is edited by its creator or by a manager and above. */
export function canEditExpense(
  actor: ActorContext['actor'],
  expense: { created_by: string | null },
): boolean {
  return expense.created_by === actor.userId || hasRoleAtLeast(actor.role, 'manager');
}

export async function listExpensesPage(deps: AppDeps, query: ExpenseListQuery) {
  const { rows, total, totalAmount } = await listExpenses(deps.database.db, query);
  return {
    data: rows.map(toExpenseDto),
    total,
    page: query.page,
    page_size: query.page_size,
    total_amount: totalAmount,
  };
}

export async function getExpenseSummary(
  deps: AppDeps,
  query: ExpenseSummaryQuery,
): Promise<ExpenseSummary> {
  const { byCategory, byMonth } = await summariseExpenses(deps.database.db, query);
  const total = byCategory.reduce((sum, row) => sum + row.total, 0);
  return {
    total: Math.round(total * 100) / 100,
    count: byCategory.reduce((sum, row) => sum + row.count, 0),
    by_category: byCategory.map((row) => ({ ...row, category: row.category as ExpenseCategory })),
    by_month: byMonth,
  };
}

async function loadExpense(deps: AppDeps, expenseId: string): Promise<ExpenseRow> {
  if (!isRecordId(expenseId)) throw notFound(EXPENSE_MESSAGES.notFound);
  const row = await findExpense(deps.database.db, expenseId);
  if (!row) throw notFound(EXPENSE_MESSAGES.notFound);
  return row;
}

export async function getExpense(deps: AppDeps, expenseId: string): Promise<ExpenseDto> {
  return toExpenseDto(await loadExpense(deps, expenseId));
}

async function checkUnit(deps: AppDeps, unitId: string | null | undefined): Promise<void> {
  if (unitId && !(await unitExists(deps.database.db, unitId))) {
    throw badRequest(FORM_MESSAGES.selectUnit, [
      { path: 'unit_id', message: FORM_MESSAGES.selectUnit },
    ]);
  }
}

/** An expense is dated on or before the resort's today (DESIGN §3: "today" in RESORT_TIMEZONE). */
function checkExpenseDate(deps: AppDeps, date: string | undefined): void {
  if (date === undefined) return;
  const today = todayInZone(deps.config.timezone, deps.clock.now());
  if (!isExpenseDateAllowed(date, today)) {
    throw badRequest(EXPENSE_DATE_FUTURE_MESSAGE, [
      { path: 'expense_date', message: EXPENSE_DATE_FUTURE_MESSAGE },
    ]);
  }
}

/** Any member of staff records an expense; who did it comes from the session (DESIGN §5). */
export async function createExpense(
  deps: AppDeps,
  input: Expense,
  context: ActorContext,
  creatorName: string,
): Promise<ExpenseDto> {
  checkExpenseDate(deps, input.expense_date);
  await checkUnit(deps, input.unit_id);
  const expenseId = await context.transaction((tx) =>
    insertExpense(tx, {
      expense_date: input.expense_date,
      category: input.category,
      amount: input.amount,
      description: input.description,
      vendor: input.vendor ?? null,
      vendor_contact: input.vendor_contact ?? null,
      unit_id: input.unit_id ?? null,
      // A proof arrives through the signed upload only, never as a link in the body.
      proof_url: null,
      created_by: context.actor.userId,
      created_by_name: creatorName,
    }),
  );
  return getExpense(deps, expenseId);
}

/**
 * Issue 22: records an expense inside the caller's transaction (a maintenance issue's cost,
 * recorded in one step), dated the resort's today; the caller has checked the cabin exists.
 * Returns the new expense's id.
 */
export async function recordExpenseInTransaction(
  deps: AppDeps,
  tx: AppTx,
  input: {
    category: ExpenseCategory;
    amount: number;
    description: string;
    unit_id: string | null;
    vendor?: string | null;
  },
  creator: { userId: string; name: string },
): Promise<string> {
  return insertExpense(tx, {
    expense_date: todayInZone(deps.config.timezone, deps.clock.now()),
    category: input.category,
    amount: input.amount,
    description: input.description.slice(0, 500),
    vendor: input.vendor ?? null,
    vendor_contact: null,
    unit_id: input.unit_id,
    proof_url: null,
    created_by: creator.userId,
    created_by_name: creator.name,
  });
}

export async function updateExpense(
  deps: AppDeps,
  expenseId: string,
  input: ExpenseUpdate,
  context: ActorContext,
): Promise<ExpenseDto> {
  if (!isRecordId(expenseId)) throw notFound(EXPENSE_MESSAGES.notFound);
  checkExpenseDate(deps, input.expense_date);
  await checkUnit(deps, input.unit_id);
  let removedProof: string | null = null;
  await context.transaction(async (tx) => {
    const current = await lockExpense(tx, expenseId);
    if (!current) throw notFound(EXPENSE_MESSAGES.notFound);
    if (!canEditExpense(context.actor, current)) throw forbidden(EXPENSE_MESSAGES.editDenied);
    const changes: Record<string, unknown> = {};
    for (const key of [
      'expense_date',
      'category',
      'amount',
      'description',
      'vendor',
      'vendor_contact',
      'unit_id',
    ] as const) {
      if (input[key] !== undefined) changes[key] = input[key];
    }
    // proof_url: null removes the proof; a new one comes through the upload.
    if (input.proof_url === null && current.proof_url) {
      changes.proof_url = null;
      removedProof = current.proof_url;
    }
    if (Object.keys(changes).length > 0) await updateExpenseRow(tx, expenseId, changes);
  });
  if (removedProof) await deleteProofFile(deps, removedProof);
  return getExpense(deps, expenseId);
}

export async function deleteExpense(
  deps: AppDeps,
  expenseId: string,
  context: ActorContext,
): Promise<void> {
  if (!isRecordId(expenseId)) throw notFound(EXPENSE_MESSAGES.notFound);
  const deleted = await context.transaction((tx) => deleteExpenseRow(tx, expenseId));
  if (!deleted) throw notFound(EXPENSE_MESSAGES.notFound);
  if (deleted.proof_url) await deleteProofFile(deps, deleted.proof_url);
}

async function deleteProofFile(deps: AppDeps, path: string): Promise<void> {
  // The record is already gone or changed; a file left behind is only clutter, never an error.
  await deps.storage.driver.delete(EXPENSE_PROOFS_BUCKET, path).catch(() => false);
}

/**
 * A signed, one-use upload for the expense's proof (DESIGN §2): the browser PUTs the file to
 * /api/storage/upload/expense-proofs/<path>, which checks its size and real type, then calls
 * attachProof. Only someone who may edit the expense gets one.
 */
export async function createProofUpload(
  deps: AppDeps,
  expenseId: string,
  file: { file_name: string; file_type: string; file_size: number },
  context: ActorContext,
) {
  const expense = await loadExpense(deps, expenseId);
  if (!canEditExpense(context.actor, expense)) throw forbidden(EXPENSE_MESSAGES.editDenied);
  if (file.file_size > deps.storage.maxUploadBytes) {
    throw new AppError(413, fileTooLargeMessage(deps.storage.maxUploadBytes));
  }
  const path = `${expense.expense_id}/${deps.clock.now().getTime()}-${safeFileName(file.file_name, file.file_type).replace(/^payment-proof\./, 'receipt.')}`;
  const upload = deps.storage.createSignedUpload({ bucket: EXPENSE_PROOFS_BUCKET, path });
  return { upload: { ...upload, expires_at: upload.expires_at.toISOString() } };
}

/** Makes an uploaded file the expense's proof; the previous proof's file is removed. */
export async function attachProof(
  deps: AppDeps,
  expenseId: string,
  rawPath: string,
  context: ActorContext,
): Promise<ExpenseDto> {
  if (!isRecordId(expenseId)) throw notFound(EXPENSE_MESSAGES.notFound);
  const path = normalizeStoragePath(rawPath);
  if (!path || !path.startsWith(`${expenseId.toLowerCase()}/`)) {
    throw badRequest(EXPENSE_MESSAGES.uploadMissing, [
      { path: 'path', message: EXPENSE_MESSAGES.uploadMissing },
    ]);
  }
  if (!(await deps.storage.driver.exists(EXPENSE_PROOFS_BUCKET, path))) {
    throw badRequest(EXPENSE_MESSAGES.uploadMissing, [
      { path: 'path', message: EXPENSE_MESSAGES.uploadMissing },
    ]);
  }
  let previous: string | null = null;
  await context.transaction(async (tx) => {
    const current = await lockExpense(tx, expenseId);
    if (!current) throw notFound(EXPENSE_MESSAGES.notFound);
    if (!canEditExpense(context.actor, current)) throw forbidden(EXPENSE_MESSAGES.editDenied);
    previous = current.proof_url && current.proof_url !== path ? current.proof_url : null;
    await updateExpenseRow(tx, expenseId, { proof_url: path });
  });
  if (previous) await deleteProofFile(deps, previous);
  return getExpense(deps, expenseId);
}

/** The proof's bytes for a signed-in member of staff. */
export async function openProof(
  deps: AppDeps,
  expenseId: string,
): Promise<{ stream: Readable; contentType: string; fileName: string; size: number | null }> {
  const expense = await loadExpense(deps, expenseId);
  if (!expense.proof_url) throw notFound(EXPENSE_MESSAGES.noProof);
  const stream = await deps.storage.driver.getStream(EXPENSE_PROOFS_BUCKET, expense.proof_url);
  if (!stream) throw notFound(EXPENSE_MESSAGES.noProof);
  const stat = await deps.storage.driver.stat(EXPENSE_PROOFS_BUCKET, expense.proof_url);
  const extension = expense.proof_url.split('.').pop()?.toLowerCase() ?? '';
  return {
    stream,
    contentType: PROOF_TYPES[extension] ?? 'application/octet-stream',
    fileName: proofFileName(expense.proof_url) ?? 'receipt',
    size: stat?.size ?? null,
  };
}
