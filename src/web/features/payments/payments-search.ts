import { LIMITS, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../domain/constants';
import type { PaymentMethod, PaymentStatus } from '../../../domain/constants';
import { optionalEnum, optionalString } from '../../lib/search-params';

/** SPEC §2 /payments search params (status, search, page) plus the method filter. Zod-free. */
export interface PaymentsSearch {
  status?: PaymentStatus;
  method?: PaymentMethod;
  search?: string;
  page?: number;
}

export function validatePaymentsSearch(raw: Record<string, unknown>): PaymentsSearch {
  const search: PaymentsSearch = {};
  const status = optionalEnum(raw.status, PAYMENT_STATUSES);
  if (status) search.status = status;
  const method = optionalEnum(raw.method, PAYMENT_METHODS);
  if (method) search.method = method;
  const text = optionalString(
    typeof raw.search === 'number' ? String(raw.search) : raw.search,
    LIMITS.search_max,
  );
  if (text && text.trim()) search.search = text;
  const page = typeof raw.page === 'number' ? raw.page : Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page <= 100_000) search.page = page;
  return search;
}

export function toPaymentListQuery(search: PaymentsSearch) {
  return {
    status: search.status,
    method: search.method,
    search: search.search?.trim() || undefined,
    page: search.page ?? 1,
    page_size: 10,
  };
}
