import { z } from 'zod';
import { EXPENSE_CATEGORIES, LIMITS } from '../constants';
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
  urlField,
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
