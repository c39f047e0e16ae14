import { z } from 'zod';
import {
  LIMITS,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
  PROOF_MIME_TYPES,
} from '../constants';
import { MESSAGES } from '../messages';
import {
  clearableTextField,
  dateField,
  hasAtMostTwoDecimals,
  optionalTextField,
  requiredTextField,
  signedUploadSchema,
} from './common.schema';

/** Issue 22: the maintenance log's field messages. */
export const MAINTENANCE_MESSAGES = {
  selectPriority: 'Please select a priority',
  selectStatus: 'Please select a status',
  photoRequired: 'Choose a photo to upload',
  scheduleBoth: 'Enter both the first and the last day of the scheduled maintenance',
} as const;

export const MAINTENANCE_TITLE_MAX = 200;
export const MAINTENANCE_NOTES_MAX = 2000;

/** A cost in pesos, like an expense's amount: positive, at most ₱1,000,000, 2 decimals. */
const costField = z
  .number({ error: MESSAGES.amountInvalid })
  .positive(MESSAGES.amountPositive)
  .max(LIMITS.payment_amount_max, MESSAGES.amountMax)
  .refine(hasAtMostTwoDecimals, MESSAGES.amountInvalid);

/** A date 'YYYY-MM-DD' that may be null (null clears it on an update). */
const scheduleDateField = dateField.nullable().optional();

interface Schedule {
  scheduled_from?: string | null | undefined;
  scheduled_to?: string | null | undefined;
}

/** Scheduled maintenance blocks scheduled_from..scheduled_to inclusive: both or neither, in order. */
function scheduleIssues(value: Schedule, ctx: z.RefinementCtx): void {
  const from = value.scheduled_from;
  const to = value.scheduled_to;
  if (from === undefined && to === undefined) return;
  if ((from ?? null) === null && (to ?? null) === null) return;
  if (!from || !to) {
    ctx.addIssue({
      code: 'custom',
      path: [from ? 'scheduled_to' : 'scheduled_from'],
      message: MAINTENANCE_MESSAGES.scheduleBoth,
    });
    return;
  }
  if (to < from) {
    ctx.addIssue({ code: 'custom', path: ['scheduled_to'], message: MESSAGES.endBeforeStart });
  }
}

const priorityField = z.enum(MAINTENANCE_PRIORITIES, {
  error: MAINTENANCE_MESSAGES.selectPriority,
});
const statusField = z.enum(MAINTENANCE_STATUSES, { error: MAINTENANCE_MESSAGES.selectStatus });

/** POST /api/units/:id/maintenance: a new issue of the cabin (status open). */
export const maintenanceIssueSchema = z
  .object({
    title: requiredTextField(MAINTENANCE_TITLE_MAX),
    priority: priorityField.default('normal'),
    notes: optionalTextField(MAINTENANCE_NOTES_MAX),
    cost: costField.nullish(),
    scheduled_from: scheduleDateField,
    scheduled_to: scheduleDateField,
  })
  .superRefine(scheduleIssues);
export type MaintenanceIssueInput = z.input<typeof maintenanceIssueSchema>;
export type MaintenanceIssue = z.output<typeof maintenanceIssueSchema>;

/**
 * PATCH /api/maintenance/:id: any subset. null clears notes, cost or the schedule (both dates
 * null: the block is removed); new dates move the block. Once the cost is recorded as an
 * expense it can no longer change.
 */
export const maintenanceIssueUpdateSchema = z
  .object({
    title: requiredTextField(MAINTENANCE_TITLE_MAX).optional(),
    priority: priorityField.optional(),
    status: statusField.optional(),
    notes: clearableTextField(MAINTENANCE_NOTES_MAX),
    cost: costField.nullable().optional(),
    scheduled_from: scheduleDateField,
    scheduled_to: scheduleDateField,
  })
  .superRefine(scheduleIssues);
export type MaintenanceIssueUpdateInput = z.input<typeof maintenanceIssueUpdateSchema>;
export type MaintenanceIssueUpdate = z.output<typeof maintenanceIssueUpdateSchema>;

export const maintenancePhotoSchema = z.object({
  photo_id: z.string(),
  file_name: z.string(),
  /** GET address of the file (private: signed-in staff only). */
  url: z.string(),
  created_at: z.string(),
});
export type MaintenancePhoto = z.infer<typeof maintenancePhotoSchema>;

export const maintenanceIssueDtoSchema = z.object({
  issue_id: z.string(),
  unit_id: z.string(),
  unit_name: z.string(),
  unit_code: z.string(),
  title: z.string(),
  priority: z.enum(MAINTENANCE_PRIORITIES),
  status: z.enum(MAINTENANCE_STATUSES),
  notes: z.string().nullable(),
  /** Pesos, or null when no cost is known. */
  cost: z.number().nullable(),
  scheduled_from: z.string().nullable(),
  scheduled_to: z.string().nullable(),
  /** The blackout (kind maintenance) that blocks the scheduled nights. */
  blackout_id: z.string().nullable(),
  /** The expense the cost was recorded as, once recorded. */
  expense_id: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  photos: z.array(maintenancePhotoSchema),
});
export type MaintenanceIssueDto = z.infer<typeof maintenanceIssueDtoSchema>;

export const maintenanceIssueResponseSchema = z.object({ data: maintenanceIssueDtoSchema });
export const maintenanceIssueListResponseSchema = z.object({
  data: z.array(maintenanceIssueDtoSchema),
});

/** POST /api/maintenance/:id/photo-upload: the receipts' rules (type, size). */
export const maintenancePhotoUploadRequestSchema = z.object({
  file_name: z
    .string({ error: MAINTENANCE_MESSAGES.photoRequired })
    .trim()
    .min(1, MAINTENANCE_MESSAGES.photoRequired)
    .max(255),
  file_type: z.enum(PROOF_MIME_TYPES, { error: MESSAGES.uploadedFileType }),
  file_size: z
    .number({ error: MAINTENANCE_MESSAGES.photoRequired })
    .int()
    .positive(MAINTENANCE_MESSAGES.photoRequired),
});
export const maintenancePhotoUploadResponseSchema = z.object({ upload: signedUploadSchema });

/** POST /api/maintenance/:id/photos: the uploaded object becomes a photo of the issue. */
export const maintenancePhotoConfirmSchema = z.object({
  path: z
    .string({ error: MAINTENANCE_MESSAGES.photoRequired })
    .min(1, MAINTENANCE_MESSAGES.photoRequired)
    .max(500),
});

/** POST /api/maintenance/:id/expense: the issue and the expense its cost became. */
export const maintenanceExpenseResponseSchema = z.object({
  data: maintenanceIssueDtoSchema,
  expense_id: z.string(),
});

export const maintenanceIdParamsSchema = z.object({ id: z.string().max(100) });
export const maintenancePhotoParamsSchema = z.object({
  id: z.string().max(100),
  photo_id: z.string().max(100),
});
