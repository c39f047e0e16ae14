import type { Readable } from 'node:stream';
import type { MaintenancePriority, MaintenanceStatus } from '../../domain/constants';
import { isRecordId } from '../../domain/record-id';
import { MESSAGES } from '../../domain/messages';
import {
  MAINTENANCE_MESSAGES,
  type MaintenanceIssue,
  type MaintenanceIssueDto,
  type MaintenanceIssueUpdate,
} from '../../domain/schemas/maintenance.schema';
import {
  maintenanceBlocksOf,
  setMaintenanceBlock,
  withBlockErrors,
} from '../blackouts/blackouts.service';
import type { AppTx } from '../db/client';
import type { AppDeps } from '../deps';
import { recordExpenseInTransaction } from '../expenses/expenses.service';
import { AppError, badRequest, conflict, notFound } from '../errors';
import type { ActorContext } from '../http/request-context';
import { fileTooLargeMessage } from '../storage/proof-file';
import { normalizeStoragePath, safeFileName } from '../storage/storage-path';
import { lockCabin } from '../units/units.service';
import {
  countPhotos,
  deletePhotoRow,
  findIssue,
  findPhoto,
  findPhotosOfIssues,
  insertIssue,
  insertPhoto,
  type IssueRow,
  listIssuesOfUnit,
  lockIssue,
  type PhotoRow,
  unitExists,
  updateIssueRow,
} from './maintenance.repository';

/** Issue 22: private photos of maintenance issues, uploaded with the receipts' rules. */
export const MAINTENANCE_PHOTOS_BUCKET = 'maintenance-photos';

/** At most this many photos per issue. */
export const MAINTENANCE_PHOTOS_MAX = 10;

export const MAINTENANCE_ERRORS = {
  notFound: 'Maintenance issue not found',
  cabinNotFound: 'Cabin not found',
  photoNotFound: 'Photo not found',
  uploadMissing: 'The uploaded file was not found. Please upload it again.',
  tooManyPhotos: `An issue can have at most ${MAINTENANCE_PHOTOS_MAX} photos.`,
  alreadyExpense: 'This cost is already recorded as an expense.',
  costLocked:
    'This cost is already recorded as an expense. Change the expense instead of the issue’s cost.',
  noCost: 'Enter the cost of the work before recording it as an expense.',
} as const;

const PHOTO_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

function toPhotoDto(row: PhotoRow) {
  return {
    photo_id: row.photo_id,
    file_name: row.file_name,
    url: `/api/maintenance/${row.issue_id}/photos/${row.photo_id}`,
    created_at: row.created_at.toISOString(),
  };
}

async function toDtos(
  db: AppDeps['database']['db'] | AppTx,
  rows: IssueRow[],
): Promise<MaintenanceIssueDto[]> {
  const ids = rows.map((row) => row.issue_id);
  const [photos, blocks] = await Promise.all([
    findPhotosOfIssues(db, ids),
    maintenanceBlocksOf(db, ids),
  ]);
  return rows.map((row) => ({
    issue_id: row.issue_id,
    unit_id: row.unit_id,
    unit_name: row.unit_name,
    unit_code: row.unit_code,
    title: row.title,
    priority: row.priority as MaintenancePriority,
    status: row.status as MaintenanceStatus,
    notes: row.notes,
    cost: row.cost === null ? null : Number(row.cost),
    scheduled_from: row.scheduled_from,
    scheduled_to: row.scheduled_to,
    blackout_id: blocks.get(row.issue_id)?.blackout_id ?? null,
    expense_id: row.expense_id,
    completed_at: row.completed_at?.toISOString() ?? null,
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    photos: photos.filter((photo) => photo.issue_id === row.issue_id).map(toPhotoDto),
  }));
}

export async function getIssue(deps: AppDeps, issueId: string): Promise<MaintenanceIssueDto> {
  if (!isRecordId(issueId)) throw notFound(MAINTENANCE_ERRORS.notFound);
  const row = await findIssue(deps.database.db, issueId);
  if (!row) throw notFound(MAINTENANCE_ERRORS.notFound);
  return (await toDtos(deps.database.db, [row]))[0]!;
}

/** GET /api/units/:id/maintenance: the cabin's issues, newest first. */
export async function listUnitIssues(
  deps: AppDeps,
  unitId: string,
): Promise<MaintenanceIssueDto[]> {
  const db = deps.database.db;
  if (!isRecordId(unitId) || !(await unitExists(db, unitId))) {
    throw notFound(MAINTENANCE_ERRORS.cabinNotFound);
  }
  return toDtos(db, await listIssuesOfUnit(db, unitId));
}

function blockOf(
  unitId: string,
  title: string,
  from: string | null,
  to: string | null,
  createdBy: string,
) {
  if (!from || !to) return null;
  return {
    unit_id: unitId,
    start_date: from,
    end_date: to,
    reason: `Maintenance: ${title}`.slice(0, 300),
    created_by: createdBy,
  };
}

/**
 * POST /api/units/:id/maintenance: a new open issue; scheduled dates block the cabin's nights
 * (a block of kind maintenance, refused over bookings naming them), all in one transaction.
 */
export async function createIssue(
  deps: AppDeps,
  unitId: string,
  input: MaintenanceIssue,
  context: ActorContext,
  creatorName: string,
): Promise<MaintenanceIssueDto> {
  if (!isRecordId(unitId)) throw notFound(MAINTENANCE_ERRORS.cabinNotFound);
  const issueId = await withBlockErrors(() =>
    context.transaction(async (tx) => {
      if (!(await lockCabin(tx, unitId))) throw notFound(MAINTENANCE_ERRORS.cabinNotFound);
      const from = input.scheduled_from ?? null;
      const to = input.scheduled_to ?? null;
      const id = await insertIssue(tx, {
        unit_id: unitId,
        title: input.title,
        priority: input.priority,
        status: 'open',
        notes: input.notes ?? null,
        cost: input.cost ?? null,
        scheduled_from: from,
        scheduled_to: to,
        created_by: context.actor.userId,
        created_by_name: creatorName,
      });
      await setMaintenanceBlock(
        tx,
        id,
        blockOf(unitId, input.title, from, to, context.actor.userId),
      );
      return id;
    }),
  );
  return getIssue(deps, issueId);
}

/**
 * PATCH /api/maintenance/:id: any fields; done stamps completed_at (reopening clears it); new
 * scheduled dates move the block, null dates remove it. A cost already recorded as an expense
 * no longer changes (409).
 */
export async function updateIssue(
  deps: AppDeps,
  issueId: string,
  input: MaintenanceIssueUpdate,
  context: ActorContext,
): Promise<MaintenanceIssueDto> {
  if (!isRecordId(issueId)) throw notFound(MAINTENANCE_ERRORS.notFound);
  await withBlockErrors(() =>
    context.transaction(async (tx) => {
      const current = await lockIssue(tx, issueId);
      if (!current) throw notFound(MAINTENANCE_ERRORS.notFound);
      const costChanges =
        input.cost !== undefined &&
        (input.cost === null ? current.cost !== null : Number(current.cost) !== input.cost);
      if (costChanges && current.expense_id) throw conflict(MAINTENANCE_ERRORS.costLocked);
      const from =
        input.scheduled_from !== undefined ? input.scheduled_from : current.scheduled_from;
      const to = input.scheduled_to !== undefined ? input.scheduled_to : current.scheduled_to;
      if ((from === null) !== (to === null) || (from && to && to < from)) {
        const path = from === null ? 'scheduled_from' : 'scheduled_to';
        const message = from && to ? MESSAGES.endBeforeStart : MAINTENANCE_MESSAGES.scheduleBoth;
        throw badRequest(message, [{ path, message }]);
      }
      const changes: Record<string, unknown> = {};
      for (const key of ['title', 'priority', 'notes', 'cost'] as const) {
        if (input[key] !== undefined) changes[key] = input[key];
      }
      if (input.status !== undefined && input.status !== current.status) {
        changes.status = input.status;
        changes.completed_at = input.status === 'done' ? new Date() : null;
      }
      changes.scheduled_from = from;
      changes.scheduled_to = to;
      await updateIssueRow(tx, issueId, changes);
      const title = input.title ?? current.title;
      await setMaintenanceBlock(
        tx,
        issueId,
        blockOf(current.unit_id, title, from, to, context.actor.userId),
      );
    }),
  );
  return getIssue(deps, issueId);
}

/**
 * POST /api/maintenance/:id/expense: the issue's cost becomes an expense (category
 * Maintenance, the cabin, dated today) and the issue keeps its id, in one transaction. The
 * issue's row is locked first, so a second call — even at the same moment — is a 409.
 */
export async function recordIssueExpense(
  deps: AppDeps,
  issueId: string,
  context: ActorContext,
  creatorName: string,
): Promise<{ data: MaintenanceIssueDto; expense_id: string }> {
  if (!isRecordId(issueId)) throw notFound(MAINTENANCE_ERRORS.notFound);
  const expenseId = await context.transaction(async (tx) => {
    const issue = await lockIssue(tx, issueId);
    if (!issue) throw notFound(MAINTENANCE_ERRORS.notFound);
    if (issue.expense_id) throw conflict(MAINTENANCE_ERRORS.alreadyExpense);
    if (issue.cost === null) {
      throw badRequest(MAINTENANCE_ERRORS.noCost, [
        { path: 'cost', message: MAINTENANCE_ERRORS.noCost },
      ]);
    }
    const id = await recordExpenseInTransaction(
      deps,
      tx,
      {
        category: 'Maintenance',
        amount: Number(issue.cost),
        description: `${issue.unit_name}: ${issue.title}`,
        unit_id: issue.unit_id,
      },
      { userId: context.actor.userId, name: creatorName },
    );
    await updateIssueRow(tx, issueId, { expense_id: id });
    return id;
  });
  return { data: await getIssue(deps, issueId), expense_id: expenseId };
}

/**
 * POST /api/maintenance/:id/photo-upload: a signed, one-use upload (DESIGN §2) to
 * /api/storage/upload/maintenance-photos/<issue>/<time>-<name>, the receipts' rules: the types
 * of PROOF_MIME_TYPES, at most the storage's upload size, bytes checked and re-encoded there.
 */
export async function createPhotoUpload(
  deps: AppDeps,
  issueId: string,
  file: { file_name: string; file_type: string; file_size: number },
) {
  const issue = await getIssue(deps, issueId);
  if (file.file_size > deps.storage.maxUploadBytes) {
    throw new AppError(413, fileTooLargeMessage(deps.storage.maxUploadBytes));
  }
  if (issue.photos.length >= MAINTENANCE_PHOTOS_MAX)
    throw conflict(MAINTENANCE_ERRORS.tooManyPhotos);
  const name = safeFileName(file.file_name, file.file_type).replace(/^payment-proof\./, 'photo.');
  const path = `${issue.issue_id}/${deps.clock.now().getTime()}-${name}`;
  const upload = deps.storage.createSignedUpload({ bucket: MAINTENANCE_PHOTOS_BUCKET, path });
  return { upload: { ...upload, expires_at: upload.expires_at.toISOString() } };
}

/** POST /api/maintenance/:id/photos: the uploaded file becomes a photo of the issue. */
export async function attachPhoto(
  deps: AppDeps,
  issueId: string,
  rawPath: string,
  context: ActorContext,
): Promise<MaintenanceIssueDto> {
  if (!isRecordId(issueId)) throw notFound(MAINTENANCE_ERRORS.notFound);
  const path = normalizeStoragePath(rawPath);
  const missing = () =>
    badRequest(MAINTENANCE_ERRORS.uploadMissing, [
      { path: 'path', message: MAINTENANCE_ERRORS.uploadMissing },
    ]);
  if (!path || !path.startsWith(`${issueId.toLowerCase()}/`)) throw missing();
  if (!(await deps.storage.driver.exists(MAINTENANCE_PHOTOS_BUCKET, path))) throw missing();
  await context.transaction(async (tx) => {
    const issue = await lockIssue(tx, issueId);
    if (!issue) throw notFound(MAINTENANCE_ERRORS.notFound);
    if ((await countPhotos(tx, issueId)) >= MAINTENANCE_PHOTOS_MAX) {
      throw conflict(MAINTENANCE_ERRORS.tooManyPhotos);
    }
    const last = path.split('/').pop() ?? path;
    await insertPhoto(tx, {
      issue_id: issueId,
      path,
      file_name: last.replace(/^\d+-/, '') || last,
      created_by: context.actor.userId,
    });
  });
  return getIssue(deps, issueId);
}

/** GET /api/maintenance/:id/photos/:photo_id: the file, for signed-in staff only. */
export async function openPhoto(
  deps: AppDeps,
  issueId: string,
  photoId: string,
): Promise<{ stream: Readable; contentType: string; fileName: string; size: number | null }> {
  if (!isRecordId(issueId) || !isRecordId(photoId))
    throw notFound(MAINTENANCE_ERRORS.photoNotFound);
  const photo = await findPhoto(deps.database.db, issueId, photoId);
  if (!photo) throw notFound(MAINTENANCE_ERRORS.photoNotFound);
  const stream = await deps.storage.driver.getStream(MAINTENANCE_PHOTOS_BUCKET, photo.path);
  if (!stream) throw notFound(MAINTENANCE_ERRORS.photoNotFound);
  const stat = await deps.storage.driver.stat(MAINTENANCE_PHOTOS_BUCKET, photo.path);
  const extension = photo.path.split('.').pop()?.toLowerCase() ?? '';
  return {
    stream,
    contentType: PHOTO_TYPES[extension] ?? 'application/octet-stream',
    fileName: photo.file_name,
    size: stat?.size ?? null,
  };
}

/** DELETE /api/maintenance/:id/photos/:photo_id: the row, then the file. */
export async function deletePhoto(
  deps: AppDeps,
  issueId: string,
  photoId: string,
  context: ActorContext,
): Promise<void> {
  if (!isRecordId(issueId) || !isRecordId(photoId))
    throw notFound(MAINTENANCE_ERRORS.photoNotFound);
  const deleted = await context.transaction((tx) => deletePhotoRow(tx, issueId, photoId));
  if (!deleted) throw notFound(MAINTENANCE_ERRORS.photoNotFound);
  await deps.storage.driver.delete(MAINTENANCE_PHOTOS_BUCKET, deleted.path).catch(() => false);
}
