/**
 * Every enumeration and limit the product shares between server and web. Arrays are `as const`
 * so zod enums and TypeScript unions come from the same list.
 */

/** DESIGN §3: one list of unit types (SPEC §3 gives two inconsistent lists; this is their union). */
export const UNIT_TYPES = [
  'Standard',
  'Deluxe',
  'Suite',
  'Villa',
  'Studio',
  'One Bedroom',
  'Two Bedroom',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** SPEC §4 "Unit status". */
export const UNIT_STATUSES = ['Available', 'Occupied', 'Maintenance', 'Reserved'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** SPEC §4 "Booking status"; the transitions live in booking-status.ts. */
export const BOOKING_STATUSES = [
  'Pending',
  'Confirmed',
  'CheckedIn',
  'CheckedOut',
  'Cancelled',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * Issue 17, decision 0018: a booking's payment_status, derived from its folio (folio.ts
 * FOLIO_PAYMENT_STATUSES, the same list).
 */
export const BOOKING_PAYMENT_STATUSES = [
  'Unpaid',
  'Pending verification',
  'Deposit paid',
  'Paid',
  'Overpaid',
  'Refunded',
] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

/** DESIGN §3: the status of one payment row. */
export const PAYMENT_STATUSES = ['Pending', 'Completed', 'Failed', 'Refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** DESIGN §3: SPEC's CreditCard is Card and PayMaya is Maya. */
export const PAYMENT_METHODS = ['GCash', 'Maya', 'BankTransfer', 'Cash', 'Card', 'Other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  GCash: 'GCash',
  Maya: 'Maya',
  BankTransfer: 'Bank Transfer',
  Cash: 'Cash',
  Card: 'Card',
  Other: 'Other',
};

/** Issue 15: how a guest says they paid online (SPEC §1: bank transfer, GCash, PayMaya, others). */
export const GUEST_PAYMENT_METHODS = ['GCash', 'Maya', 'BankTransfer', 'Other'] as const;
export type GuestPaymentMethod = (typeof GUEST_PAYMENT_METHODS)[number];
export const GUEST_PAYMENT_METHOD_LABELS: Readonly<Record<GuestPaymentMethod, string>> = {
  GCash: 'GCash',
  Maya: 'Maya',
  BankTransfer: 'Bank transfer',
  Other: 'Other',
};

/** DESIGN §5: expense categories. */
export const EXPENSE_CATEGORIES = [
  'Utilities',
  'Supplies',
  'Maintenance',
  'Salaries',
  'Food and Beverage',
  'Marketing',
  'Taxes and Fees',
  'Other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/** SPEC §3 "Audit log". */
export const AUDIT_CATEGORIES = [
  'AUTHENTICATION',
  'BOOKING',
  'PAYMENT',
  'GUEST',
  'UNIT',
  'EXPENSE',
  'MAINTENANCE',
  'SYSTEM',
] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

/** SPEC §3: severity defaults to INFO. */
export const AUDIT_SEVERITIES = ['INFO', 'WARNING', 'CRITICAL', 'DEBUG'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];
export const DEFAULT_AUDIT_SEVERITY: AuditSeverity = 'INFO';

/** SPEC §3: row actions written by the database triggers. */
export const AUDIT_ROW_ACTIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;
export type AuditRowAction = (typeof AUDIT_ROW_ACTIONS)[number];

/** SPEC §3: "db" for trigger-written rows, "app" for rows the application writes. */
export const AUDIT_SOURCES = ['db', 'app'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

/** SPEC §3: action and event names, then the names that only have display labels. */
export const AUDIT_ACTIONS = [
  'login',
  'logout',
  'login_failed',
  'password_reset',
  'booking_cancelled',
  'booking_checked_in',
  'booking_checked_out',
  'booking_status_override',
  'payment_refunded',
  'payment_failed',
  'payment_verified',
  'expense_deleted',
  'expense_category_changed',
  'system_config_changed',
  'system_migration',
  'system_backup',
  'booking_created',
  'booking_updated',
  'payment_received',
  'guest_created',
  'unit_updated',
  'expense_recorded',
  'maintenance_scheduled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Display label of an audit action or event name: "payment_verified" → "Payment Verified". */
export function auditActionLabel(action: string): string {
  return action
    .split('_')
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/**
 * SPEC §3 lists the tables the application may log against (an invalid one makes logging fail);
 * DESIGN §6 adds booking_units, availability_blackouts and app_roles, whose triggers also log.
 */
export const AUDITED_TABLES = [
  'units',
  'guests',
  'bookings',
  'payments',
  'expenses',
  'maintenance_logs',
  'system',
  'authentication',
  'booking_units',
  'availability_blackouts',
  'app_roles',
  // Issue 15: cabin photos (migration 0012).
  'unit_photos',
  // Issue 22: the maintenance log (migration 0023), category MAINTENANCE.
  'maintenance_issues',
  'maintenance_photos',
] as const;
export type AuditedTable = (typeof AUDITED_TABLES)[number];

/** SPEC §3's audited tables, plus the tables whose changes the app records as events. */
export const APP_AUDIT_TABLES = [...AUDITED_TABLES, 'settings', 'users'] as const;

/**
 * Issue 22: where a booking came from. Guest-made bookings are `website`; staff choose one on a
 * staff booking (default `phone`).
 */
export const BOOKING_SOURCES = [
  'website',
  'walk_in',
  'phone',
  'messenger',
  'airbnb',
  'booking_com',
  'agoda',
  'travel_agent',
  'other',
] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

export const BOOKING_SOURCE_LABELS: Readonly<Record<BookingSource, string>> = {
  website: 'Guest website',
  walk_in: 'Walk-in',
  phone: 'Phone',
  messenger: 'Facebook/Messenger',
  airbnb: 'Airbnb',
  booking_com: 'Booking.com',
  agoda: 'Agoda',
  travel_agent: 'Travel agent',
  other: 'Other',
};

/** Issue 22: the guest's ID recorded at check-in (Philippine IDs first accepted at hotels). */
export const ID_TYPES = [
  'passport',
  'drivers_license',
  'philsys',
  'umid',
  'sss',
  'prc',
  'postal',
  'voters',
  'senior_citizen',
  'pwd',
  'other',
] as const;
export type IdType = (typeof ID_TYPES)[number];

export const ID_TYPE_LABELS: Readonly<Record<IdType, string>> = {
  passport: 'Passport',
  drivers_license: "Driver's licence",
  philsys: 'PhilSys national ID',
  umid: 'UMID',
  sss: 'SSS ID',
  prc: 'PRC ID',
  postal: 'Postal ID',
  voters: "Voter's ID",
  senior_citizen: 'Senior citizen ID',
  pwd: 'PWD ID',
  other: 'Other',
};

/** Staff passwords: at least 12 characters (issue 3, better-auth's minPasswordLength), at most 128. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * SPEC §6: roles ranked admin 5, owner 4, manager 3, staff 2; issue 22 adds housekeeping 1 below
 * staff, which sees only the housekeeping board (no role is 0).
 */
export const ROLES = ['admin', 'owner', 'manager', 'staff', 'housekeeping'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_RANKS: Readonly<Record<Role, number>> = {
  admin: 5,
  owner: 4,
  manager: 3,
  staff: 2,
  housekeeping: 1,
};

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: 'Administrator',
  owner: 'Owner',
  manager: 'Manager',
  staff: 'Staff',
  housekeeping: 'Housekeeping',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** SPEC §6: a check passes when the user's rank is at or above the required one. */
export function hasRoleAtLeast(role: string | null | undefined, required: Role): boolean {
  const rank = isRole(role) ? ROLE_RANKS[role] : 0;
  return rank >= ROLE_RANKS[required];
}

/**
 * Issue 22: a cabin's housekeeping status, apart from its sales status (unit_status). Check-out
 * sets Dirty; housekeeping and up mark Clean or Dirty; managers and up mark Inspected or Out of
 * order (which blocks the cabin's nights like a blackout).
 */
export const HOUSEKEEPING_STATUSES = ['Clean', 'Dirty', 'Inspected', 'Out of order'] as const;
export type HousekeepingStatus = (typeof HOUSEKEEPING_STATUSES)[number];

/** The statuses a housekeeping account (and staff) may set; the others need a manager. */
export const HOUSEKEEPING_BASIC_STATUSES = [
  'Clean',
  'Dirty',
] as const satisfies readonly HousekeepingStatus[];

/** Whether a cabin in this status is ready for an arriving guest. */
export function isReadyForArrival(status: HousekeepingStatus): boolean {
  return status === 'Clean' || status === 'Inspected';
}

/** Issue 22: the kinds of blocked dates (availability_blackouts.kind). */
export const BLACKOUT_KINDS = ['blackout', 'out_of_order', 'maintenance'] as const;
export type BlackoutKind = (typeof BLACKOUT_KINDS)[number];
export const BLACKOUT_KIND_LABELS: Readonly<Record<BlackoutKind, string>> = {
  blackout: 'Blocked',
  out_of_order: 'Out of order',
  maintenance: 'Maintenance',
};

/** Issue 22: the maintenance log. */
export const MAINTENANCE_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type MaintenancePriority = (typeof MAINTENANCE_PRIORITIES)[number];
export const MAINTENANCE_PRIORITY_LABELS: Readonly<Record<MaintenancePriority, string>> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

export const MAINTENANCE_STATUSES = ['open', 'in_progress', 'done'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
export const MAINTENANCE_STATUS_LABELS: Readonly<Record<MaintenanceStatus, string>> = {
  open: 'Open',
  in_progress: 'In progress',
  done: 'Done',
};

/** SPEC §9 (and §5 where a form gives its own number). Money in pesos, sizes in bytes. */
export const LIMITS = {
  guests_min: 1,
  guests_max: 20,
  occupancy_min: 1,
  occupancy_max: 20,
  units_per_multi_booking: 10,
  rate_min: 100,
  rate_max: 1_000_000,
  extra_person_rate_min: 0,
  extra_person_rate_max: 50_000,
  payment_amount_min: 100,
  payment_amount_max: 1_000_000,
  special_requests_max: 500,
  special_requests_multi_max: 1000,
  notes_max: 300,
  internal_notes_max: 500,
  internal_notes_multi_max: 1000,
  name_min: 2,
  name_max: 100,
  unit_name_max: 50,
  unit_code_max: 10,
  search_max: 100,
  plain_text_max: 10_000,
  rich_text_max: 50_000,
  phone_max: 30,
  email_max: 254,
  url_max: 2048,
  proof_max_bytes: 2 * 1024 * 1024,
  /** Issue 15: a guest's transaction reference (the payments column allows 100). */
  payment_reference_max: 64,
  compression_threshold_bytes: 500 * 1024,
  audit_page_size: 50,
  bookings_page_size: 10,
  csv_export_max_rows: 10_000,
  /** Not in SPEC: bounds the night-by-night pricing loop so no request can make it run for ever. */
  stay_max_nights: 365,
  /** Issue 22: a guest's ID number recorded at check-in. */
  id_number_max: 50,
} as const;

/** DESIGN §3: payment proof types the server accepts (HEIC/HEIF is converted in the browser). */
export const PROOF_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
] as const;
export type ProofMimeType = (typeof PROOF_MIME_TYPES)[number];

/** SPEC §2: the only redirect targets honoured after sign-in or session expiry. */
export const ALLOWED_REDIRECT_PREFIXES = [
  '/login',
  '/dashboard',
  '/bookings',
  '/units',
  '/guests',
  '/expenses',
  '/payments',
  '/availability',
  '/settings',
] as const;

/**
 * SPEC §2: a redirect target is honoured only if it starts with an allowed prefix, else /login.
 * Backslashes and control characters are refused as well, because browsers treat "\" like "/"
 * and that is how open-redirect payloads such as "/login\\evil.example" get through.
 */
export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string') return '/login';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return '/login';
  const allowed = ALLOWED_REDIRECT_PREFIXES.some((prefix) => target.startsWith(prefix));
  return allowed ? target : '/login';
}
