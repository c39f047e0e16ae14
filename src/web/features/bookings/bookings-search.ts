import { BOOKING_SOURCES, BOOKING_STATUSES, LIMITS } from '../../../domain/constants';
import type { BookingSource, BookingStatus } from '../../../domain/constants';
import { isIsoDate } from '../../../domain/dates';
import { FOLIO_PAYMENT_STATUSES } from '../../../domain/folio';
import type { FolioPaymentStatus } from '../../../domain/folio';
import { optionalEnum, optionalString } from '../../lib/search-params';

/*
 * The bookings list's state: SPEC §2's search params (status, search, page) plus payment status,
 * dates and sort, all in the URL so a reload keeps them, and mirrored into session storage under
 * `booking-storage` (SPEC §9) so coming back to /bookings from the navigation restores them.
 * Imported by the route definition, so it stays free of zod (lib/search-params.ts).
 */

export const BOOKING_SORTS = [
  'created_at',
  'booking_status',
  'total_amount',
  'guest_name',
] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/**
 * Issue 17: bookings with a balance still to pay (not cancelled), and those of them past their
 * balance due date.
 */
export const BALANCE_FILTERS = ['due', 'overdue'] as const;
export type BalanceFilter = (typeof BALANCE_FILTERS)[number];

export interface BookingsSearch {
  status?: BookingStatus;
  /** The folio's payment status (issue 17). */
  payment_status?: FolioPaymentStatus;
  balance?: BalanceFilter;
  /** Issue 22: where the booking came from. */
  source?: BookingSource;
  search?: string;
  page?: number;
  sort?: BookingSort;
  order?: SortOrder;
  /** Check-in on or after (SPEC §7 date_from). */
  from?: string;
  /** Check-out on or before (SPEC §7 date_to). */
  to?: string;
}

/** SPEC §9: newest first by default. */
export const DEFAULT_SORT: BookingSort = 'created_at';
export const DEFAULT_ORDER: SortOrder = 'desc';

/** SPEC §9: the key the table state is kept under in session storage. */
export const BOOKING_STORAGE_KEY = 'booking-storage';

function optionalPage(value: unknown): number | undefined {
  const page = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(page) && page > 1 && page <= 100_000 ? page : undefined;
}

function optionalDate(value: unknown): string | undefined {
  return typeof value === 'string' && isIsoDate(value) ? value : undefined;
}

/** Keeps only the known, well-formed params; defaults are left out so URLs stay short. */
export function validateBookingsSearch(raw: Record<string, unknown>): BookingsSearch {
  const search: BookingsSearch = {};
  const status = optionalEnum(raw.status, BOOKING_STATUSES);
  if (status) search.status = status;
  const paymentStatus = optionalEnum(raw.payment_status, FOLIO_PAYMENT_STATUSES);
  if (paymentStatus) search.payment_status = paymentStatus;
  const balance = optionalEnum(raw.balance, BALANCE_FILTERS);
  if (balance) search.balance = balance;
  const source = optionalEnum(raw.source, BOOKING_SOURCES);
  if (source) search.source = source;
  const text = optionalString(
    typeof raw.search === 'number' ? String(raw.search) : raw.search,
    LIMITS.search_max,
  );
  if (text && text.trim()) search.search = text;
  const page = optionalPage(raw.page);
  if (page) search.page = page;
  const sort = optionalEnum(raw.sort, BOOKING_SORTS);
  if (sort && sort !== DEFAULT_SORT) search.sort = sort;
  const order = optionalEnum(raw.order, ['asc', 'desc'] as const);
  if (order && (order !== DEFAULT_ORDER || (sort && sort !== DEFAULT_SORT))) search.order = order;
  const from = optionalDate(raw.from);
  if (from) search.from = from;
  const to = optionalDate(raw.to);
  if (to) search.to = to;
  return search;
}

export function isEmptySearch(search: BookingsSearch): boolean {
  return Object.values(search).every((value) => value === undefined);
}

/** The API query for a list state (DESIGN §5: page size 10, SPEC §9). */
export function toBookingListQuery(search: BookingsSearch) {
  return {
    booking_status: search.status,
    payment_status: search.payment_status,
    balance: search.balance,
    source: search.source,
    search: search.search?.trim() || undefined,
    date_from: search.from,
    date_to: search.to,
    sort: search.sort ?? DEFAULT_SORT,
    order: search.order ?? DEFAULT_ORDER,
    page: search.page ?? 1,
    page_size: LIMITS.bookings_page_size,
  };
}

/** Stores the table state; storage may be missing or full (private mode): then nothing is kept. */
export function saveBookingTableState(storage: Storage | undefined, search: BookingsSearch): void {
  try {
    storage?.setItem(BOOKING_STORAGE_KEY, JSON.stringify({ version: 1, search }));
  } catch {
    // Keeping the state is a convenience; the URL still holds it.
  }
}

/** The stored table state, validated like a URL's, or null when none is kept. */
export function loadBookingTableState(storage: Storage | undefined): BookingsSearch | null {
  try {
    const raw = storage?.getItem(BOOKING_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { search?: unknown };
    if (typeof parsed.search !== 'object' || parsed.search === null) return null;
    return validateBookingsSearch(parsed.search as Record<string, unknown>);
  } catch {
    return null;
  }
}

export function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
