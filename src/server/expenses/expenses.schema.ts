import { z } from 'zod';
import { EXPENSE_CATEGORIES, PROOF_MIME_TYPES } from '../../domain/constants';
import { MESSAGES } from '../../domain/messages';
import { optionalDateField, searchField } from '../../domain/schemas/common.schema';

/** DESIGN §5 expense fields; proof_url is the staff-only download link, never a storage path. */
export const expenseDtoSchema = z.object({
  expense_id: z.string(),
  expense_date: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  amount: z.number(),
  description: z.string(),
  vendor: z.string().nullable(),
  vendor_contact: z.string().nullable(),
  unit_id: z.string().nullable(),
  unit_name: z.string().nullable(),
  proof_url: z.string().nullable(),
  proof_file_name: z.string().nullable(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ExpenseDto = z.infer<typeof expenseDtoSchema>;

const filterFields = {
  category: z.enum(EXPENSE_CATEGORIES, { error: MESSAGES.selectCategory }).optional(),
  search: searchField,
  from: optionalDateField,
  to: optionalDateField,
  unit_id: z.guid({ error: MESSAGES.selectUnit }).optional(),
};

/** GET /api/expenses: SPEC §2's category, search and page, plus a date range and a cabin. */
export const expenseListQuerySchema = z.object({
  ...filterFields,
  page: z.coerce.number().int().min(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(20),
});
export type ExpenseListQuery = z.output<typeof expenseListQuerySchema>;

export const expenseSummaryQuerySchema = z.object(filterFields);
export type ExpenseSummaryQuery = z.output<typeof expenseSummaryQuerySchema>;

export const expenseListResponseSchema = z.object({
  data: z.array(expenseDtoSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The sum of every expense matching the filters (all pages). */
  total_amount: z.number(),
});

export const expenseSummarySchema = z.object({
  total: z.number(),
  count: z.number().int(),
  by_category: z.array(
    z.object({ category: z.enum(EXPENSE_CATEGORIES), total: z.number(), count: z.number().int() }),
  ),
  by_month: z.array(z.object({ month: z.string(), total: z.number(), count: z.number().int() })),
});
export type ExpenseSummary = z.infer<typeof expenseSummarySchema>;

export const expenseIdParamsSchema = z.object({ id: z.string().max(100) });

const INVALID_TYPE = MESSAGES.uploadedFileType;

/** POST /api/expenses/:id/proof-upload: the file the browser is about to send. */
export const proofUploadRequestSchema = z.object({
  file_name: z
    .string({ error: MESSAGES.proofRequired })
    .trim()
    .min(1, MESSAGES.proofRequired)
    .max(255),
  file_type: z.enum(PROOF_MIME_TYPES, { error: INVALID_TYPE }),
  file_size: z.number({ error: MESSAGES.proofRequired }).int().positive(MESSAGES.proofRequired),
});

export const signedUploadSchema = z.object({
  upload: z.object({
    bucket: z.string(),
    path: z.string(),
    token: z.string(),
    expires_at: z.string(),
  }),
});

/** POST /api/expenses/:id/proof: the uploaded object becomes the expense's proof. */
export const proofConfirmSchema = z.object({
  path: z.string({ error: MESSAGES.proofRequired }).min(1, MESSAGES.proofRequired).max(500),
});
