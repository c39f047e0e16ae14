/*
 * The /expenses search params (SPEC §2: category, search, page; plus a date range). Hand-written
 * rather than zod: route definitions are in the app's first download (lib/search-params.ts).
 */
import { EXPENSE_CATEGORIES, type ExpenseCategory } from '../../../domain/constants';
import { isIsoDate } from '../../../domain/dates';
import { optionalEnum, optionalString } from '../../lib/search-params';
import { definedOnly, optionalNumber } from '../units/units-search';

export interface ExpensesSearch {
  category?: ExpenseCategory;
  search?: string;
  from?: string;
  to?: string;
  page?: number;
}

export function validateExpensesSearch(search: Record<string, unknown>): ExpensesSearch {
  const page = optionalNumber(search.page, 1, 100_000, true);
  return definedOnly({
    category: optionalEnum(search.category, EXPENSE_CATEGORIES),
    search: optionalString(search.search, 100),
    from: isIsoDate(search.from) ? search.from : undefined,
    to: isIsoDate(search.to) ? search.to : undefined,
    page: page && page > 1 ? page : undefined,
  });
}
