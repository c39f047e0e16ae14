import {
  AUDIT_ACTIONS,
  AUDIT_ROW_ACTIONS,
  AUDIT_SOURCES,
  APP_AUDIT_TABLES,
  LIMITS,
} from '../../../domain/constants';
import type { AuditSource } from '../../../domain/constants';
import { addDays, isIsoDate } from '../../../domain/dates';
import { optionalEnum, optionalString } from '../../lib/search-params';

/**
 * SPEC §2 Audit Trail filters, kept in the URL so a view can be shared: table, source, action,
 * event type, date range and user e-mail, plus the page. Zod-free (lib/search-params.ts).
 */
export interface AuditLogsSearch {
  table_name?: string;
  source?: AuditSource;
  action?: string;
  event_type?: string;
  from?: string;
  to?: string;
  user_email?: string;
  page?: number;
}

/** The tables the trail records. */
export const AUDIT_TABLE_OPTIONS = APP_AUDIT_TABLES;

/** Row actions, then the names of the events the app writes itself. */
export const AUDIT_ACTION_OPTIONS = [
  ...AUDIT_ROW_ACTIONS,
  'login',
  'logout',
  'login_failed',
  'account_locked',
  'session_revoked',
  'password_changed',
  'two_factor_enabled',
  'two_factor_disabled',
  'data_export',
] as const;

/** SPEC §3's event names and the ones the database triggers write. */
export const AUDIT_EVENT_OPTIONS = [
  ...new Set([
    ...AUDIT_ACTIONS,
    'booking_confirmed',
    'booking_deleted',
    'payment_updated',
    'payment_deleted',
    'guest_updated',
    'guest_deleted',
    'unit_created',
    'unit_deleted',
    'expense_updated',
    'maintenance_updated',
    'maintenance_removed',
    'role_assigned',
    'role_changed',
    'audit_archived',
    'csv_export',
  ]),
].sort();

const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

function eventName(value: unknown): string | undefined {
  return typeof value === 'string' && EVENT_NAME.test(value) ? value : undefined;
}

export function validateAuditLogsSearch(raw: Record<string, unknown>): AuditLogsSearch {
  // Every key is named, undefined when refused: the router lays this over the raw search of the
  // parent routes, so a key left out would come back with its refused value (a From after To
  // would reach the server and answer 400).
  const search: AuditLogsSearch = {
    table_name: undefined,
    source: undefined,
    action: undefined,
    event_type: undefined,
    from: undefined,
    to: undefined,
    user_email: undefined,
    page: undefined,
  };
  const table = optionalEnum(raw.table_name, AUDIT_TABLE_OPTIONS);
  if (table) search.table_name = table;
  const source = optionalEnum(raw.source, AUDIT_SOURCES);
  if (source) search.source = source;
  const action = eventName(raw.action);
  if (action) search.action = action;
  const eventType = eventName(raw.event_type);
  if (eventType) search.event_type = eventType;
  if (isIsoDate(raw.from)) search.from = raw.from;
  if (isIsoDate(raw.to)) search.to = raw.to;
  if (search.from && search.to && search.from > search.to) search.to = undefined;
  const email = optionalString(raw.user_email, LIMITS.email_max);
  if (email && email.trim()) search.user_email = email;
  const page = typeof raw.page === 'number' ? raw.page : Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page <= 100_000) search.page = page;
  return search;
}

/** The server's words for a From after To (audit-logs.schema.ts), said at the field changed. */
export const AUDIT_RANGE_MESSAGES = {
  to: 'The end date must not be before the start date',
  from: 'The start date must not be after the end date',
} as const;

/** The message for a date range whose From is after its To, at `field`; null when it is valid. */
export function dateRangeMessage(
  from: string | undefined,
  to: string | undefined,
  field: 'from' | 'to',
): string | null {
  return from && to && isIsoDate(from) && isIsoDate(to) && from > to
    ? AUDIT_RANGE_MESSAGES[field]
    : null;
}

/** SPEC §9: the audit page size. */
export const AUDIT_PAGE_SIZE = LIMITS.audit_page_size;

export function toAuditListQuery(search: AuditLogsSearch) {
  return {
    table_name: search.table_name,
    source: search.source,
    action: search.action,
    event_type: search.event_type,
    from: search.from,
    to: search.to,
    user_email: search.user_email?.trim() || undefined,
    page: search.page ?? 1,
    limit: AUDIT_PAGE_SIZE,
  };
}

/** The filters alone (no page), as the CSV export takes them. */
export function toAuditFilterQuery(search: AuditLogsSearch) {
  const { page: _page, limit: _limit, ...filters } = toAuditListQuery(search);
  return filters;
}

export function isAuditFiltered(search: AuditLogsSearch): boolean {
  return Boolean(
    search.table_name ||
    search.source ||
    search.action ||
    search.event_type ||
    search.from ||
    search.to ||
    search.user_email,
  );
}

export type QuickFilter = { label: string; search: AuditLogsSearch };

/** SPEC §2 quick filters (and §9: failed sign-ins look back 7 days), for the resort's today. */
export function quickFilters(today: string): QuickFilter[] {
  return [
    { label: 'Recent Activity', search: {} },
    { label: 'All Deletions', search: { action: 'DELETE' } },
    { label: "Today's Bookings", search: { table_name: 'bookings', from: today, to: today } },
    { label: "Today's Payments", search: { table_name: 'payments', from: today, to: today } },
    {
      label: 'Failed Sign-ins',
      search: { action: 'login_failed', from: addDays(today, -7), to: today },
    },
  ];
}

export function sameSearch(a: AuditLogsSearch, b: AuditLogsSearch): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof AuditLogsSearch>;
  return [...keys].every((key) => (a[key] ?? undefined) === (b[key] ?? undefined));
}
