import type { ExpenseCategory } from '../../../domain/constants';

/** An expense as the API answers it (DESIGN §5 fields; proof_url is the staff download link). */
export interface Expense {
  expense_id: string;
  expense_date: string;
  category: ExpenseCategory;
  amount: number;
  description: string;
  vendor: string | null;
  vendor_contact: string | null;
  unit_id: string | null;
  unit_name: string | null;
  proof_url: string | null;
  proof_file_name: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
}

export interface ExpensePage {
  data: Expense[];
  total: number;
  page: number;
  page_size: number;
  total_amount: number;
}

export interface ExpenseSummary {
  total: number;
  count: number;
  by_category: { category: ExpenseCategory; total: number; count: number }[];
  by_month: { month: string; total: number; count: number }[];
}

export interface SignedUpload {
  bucket: string;
  path: string;
  token: string;
  expires_at: string;
}

export const expensesQueryKey = ['expenses'] as const;
