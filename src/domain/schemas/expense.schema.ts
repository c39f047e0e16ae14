import { z } from 'zod';
import { EXPENSE_CATEGORIES, LIMITS, PROOF_MIME_TYPES } from '../constants';
import { MESSAGES } from '../messages';
import {
  clearableTextField,
  dateField,
  hasAtMostTwoDecimals,
  idField,
  optionalDateField,
  optionalTextField,
  pageField,
  requiredTextField,
  searchField,
  signedUploadSchema,
  urlField,
  listResponseSchema,
} from './common.schema';

/** Expenses can be small (a ₱50 receipt), so no ₱100 floor; pesos with at most 2 decimals. */
const expenseAmountField = z
  .number({ error: MESSAGES.amountInvalid })
  .positive(MESSAGES.amountPositive)
  .max(LIMITS.payment_amount_max, MESSAGES.amountMax)
  .refine(hasAtMostTwoDecimals, MESSAGES.amountInvalid);

const categoryField = z.enum(EXPENSE_CATEGORIES, { error: MESSAGES.selectCategory });

/**
 * DESIGN §5 expense fields ("Add New Expense", POST /api/expenses). created_by and
 * created_by_name come from the session, never from the body.
 */
export const expenseSchema = z.object({
  expense_date: dateField,
  category: categoryField,
  amount: expenseAmountField,
  description: requiredTextField(500),
  vendor: optionalTextField(LIMITS.name_max),
  vendor_contact: optionalTextField(LIMITS.name_max),
  unit_id: idField(MESSAGES.selectUnit).nullish(),
  proof_url: urlField.nullish(),
});
export type ExpenseInput = z.input<typeof expenseSchema>;
export type Expense = z.output<typeof expenseSchema>;

/** PATCH /api/expenses/:id: any subset; null clears an optional field. */
export const expenseUpdateSchema = z.object({
  expense_date: optionalDateField,
  category: categoryField.optional(),
  amount: expenseAmountField.optional(),
  description: requiredTextField(500).optional(),
  vendor: clearableTextField(LIMITS.name_max),
  vendor_contact: clearableTextField(LIMITS.name_max),
  unit_id: idField(MESSAGES.selectUnit).nullish(),
  proof_url: urlField.nullish(),
});
export type ExpenseUpdateInput = z.input<typeof expenseUpdateSchema>;
export type ExpenseUpdate = z.output<typeof expenseUpdateSchema>;

/** SPEC §2 /expenses search params (category, search, page). */
export const expenseFiltersSchema = z.object({
  category: categoryField.optional().catch(undefined),
  search: searchField,
  page: pageField,
});
export type ExpenseFilters = z.output<typeof expenseFiltersSchema>;

export const EXPENSE_DATE_FUTURE_MESSAGE = 'Expense date cannot be in the future';

/**
 * An expense records money already spent, so it is dated on or before the resort's today (no
 * allowance: a bill paid ahead is recorded on the day it is paid).
 */
export function isExpenseDateAllowed(date: string, today: string): boolean {
  return date <= today;
}

/** The "Add New Expense" and edit forms' rules, with the date no later than `today`. */
export function makeExpenseSchema(today: string) {
  return expenseSchema.extend({
    expense_date: dateField.refine(
      (date) => isExpenseDateAllowed(date, today),
      EXPENSE_DATE_FUTURE_MESSAGE,
    ),
  });
}

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

export const expenseListResponseSchema = listResponseSchema(expenseDtoSchema).extend({
  /** The sum of every expense matching the filters (all pages). */
  total_amount: z.number(),
});
export type ExpenseListResponse = z.infer<typeof expenseListResponseSchema>;

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

export const expenseProofUploadSchema = z.object({ upload: signedUploadSchema });

/** POST /api/expenses/:id/proof: the uploaded object becomes the expense's proof. */
export const proofConfirmSchema = z.object({
  path: z.string({ error: MESSAGES.proofRequired }).min(1, MESSAGES.proofRequired).max(500),
});
