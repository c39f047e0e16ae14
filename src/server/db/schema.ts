/**
 * Drizzle's view of migrations/0001_init.sql (one schema for both drivers). The SQL migration is
 * the source of truth; src/server/db/schema.int.test.ts checks that every column named here exists.
 * Constraints, triggers and functions Drizzle cannot express live only in the SQL.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** Money is numeric(12,2) in SQL and a JS number of pesos in the app (DESIGN §3, §5). */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

// Auth tables: JS keys are the auth library's field names, columns are snake_case.
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  passwordChangedAt: ts('password_changed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull(),
  expiresAt: ts('expires_at').notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull(),
  providerId: text('provider_id').notNull(),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  accessTokenExpiresAt: ts('access_token_expires_at'),
  refreshTokenExpiresAt: ts('refresh_token_expires_at'),
  scope: text('scope'),
  password: text('password'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const verifications = pgTable('verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const twoFactors = pgTable('two_factors', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  verified: boolean('verified').notNull().default(true),
  failedVerificationCount: integer('failed_verification_count').notNull().default(0),
  lockedUntil: ts('locked_until'),
});

export const loginAttempts = pgTable('login_attempts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  ip_address: text('ip_address'),
  succeeded: boolean('succeeded').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
  // migrations/0002_sign_in_security.sql
  outcome: text('outcome', {
    enum: [
      'success',
      'bad_credentials',
      'locked',
      'rate_limited',
      'inactive',
      'two_factor_required',
      'two_factor_failed',
    ],
  })
    .notNull()
    .default('bad_credentials'),
  user_agent: text('user_agent'),
});

export const appRoles = pgTable('app_roles', {
  role_id: uuid('role_id').primaryKey().defaultRandom(),
  user_id: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['admin', 'owner', 'manager', 'staff', 'housekeeping'] }).notNull(),
  is_active: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated_by: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const units = pgTable('units', {
  unit_id: uuid('unit_id').primaryKey().defaultRandom(),
  unit_name: varchar('unit_name', { length: 50 }).notNull(),
  unit_code: varchar('unit_code', { length: 10 }).notNull(),
  unit_type: text('unit_type').notNull(),
  description: text('description'),
  base_occupancy: integer('base_occupancy').notNull(),
  max_occupancy: integer('max_occupancy').notNull(),
  base_rate: money('base_rate').notNull(),
  weekend_rate: money('weekend_rate').notNull(),
  extra_person_rate: money('extra_person_rate').notNull().default(0),
  unit_status: text('unit_status').notNull().default('Available'),
  amenities: text('amenities').array(),
  // migrations/0023_housekeeping_maintenance.sql (issue 22)
  housekeeping_status: text('housekeeping_status').notNull().default('Clean'),
  housekeeping_note: text('housekeeping_note'),
  housekeeping_changed_at: ts('housekeeping_changed_at'),
  housekeeping_changed_by: text('housekeeping_changed_by').references(() => users.id, {
    onDelete: 'set null',
  }),
  ...timestamps,
});

export const guests = pgTable('guests', {
  guest_id: uuid('guest_id').primaryKey().defaultRandom(),
  guest_name: varchar('guest_name', { length: 100 }).notNull(),
  email: varchar('email', { length: 254 }),
  phone_number: varchar('phone_number', { length: 30 }),
  notes: text('notes'),
  is_corporate: boolean('is_corporate').notNull().default(false),
  total_bookings: integer('total_bookings').notNull().default(0),
  cancelled_bookings: integer('cancelled_bookings').notNull().default(0),
  total_spent: money('total_spent').notNull().default(0),
  anonymized_at: ts('anonymized_at'),
  ...timestamps,
});

export const bookings = pgTable('bookings', {
  booking_id: uuid('booking_id').primaryKey().defaultRandom(),
  booking_reference: varchar('booking_reference', { length: 20 })
    .notNull()
    .default(sql`generate_booking_reference()`),
  guest_id: uuid('guest_id').references(() => guests.guest_id, { onDelete: 'restrict' }),
  guest_name: varchar('guest_name', { length: 100 }).notNull(),
  contact_number: varchar('contact_number', { length: 30 }),
  email: varchar('email', { length: 254 }),
  num_guests: integer('num_guests').notNull(),
  check_in: day('check_in').notNull(),
  check_out: day('check_out').notNull(),
  base_amount: money('base_amount').notNull().default(0),
  total_surcharges: money('total_surcharges').notNull().default(0),
  discount_name: text('discount_name'),
  discount_amount: money('discount_amount').notNull().default(0),
  vat_amount: money('vat_amount').notNull().default(0),
  local_tax_amount: money('local_tax_amount').notNull().default(0),
  total_amount: money('total_amount').notNull().default(0),
  booking_status: text('booking_status').notNull().default('Pending'),
  payment_status: text('payment_status').notNull().default('Unpaid'),
  payment_method: text('payment_method'),
  payment_proof_url: text('payment_proof_url'),
  special_requests: text('special_requests'),
  internal_notes: text('internal_notes'),
  is_multi_unit: boolean('is_multi_unit').notNull().default(false),
  unit_count: integer('unit_count').notNull().default(1),
  // migrations/0022_front_desk.sql renamed 0001's `source` (which door the booking came through).
  created_via: text('created_via').notNull().default('staff'),
  proof_deadline: ts('proof_deadline'),
  cancellation_reason: text('cancellation_reason'),
  cancelled_at: ts('cancelled_at'),
  confirmed_at: ts('confirmed_at'),
  checked_in_at: ts('checked_in_at'),
  checked_out_at: ts('checked_out_at'),
  created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
  // migrations/0013_folio.sql
  deposit_amount: money('deposit_amount').notNull().default(0),
  balance_due_date: day('balance_due_date'),
  senior_pwd_guests: integer('senior_pwd_guests').notNull().default(0),
  senior_pwd_ids: text('senior_pwd_ids')
    .array()
    .notNull()
    .default(sql`ARRAY[]::text[]`),
  // migrations/0021_stay_rules_promos.sql
  promo_code: text('promo_code'),
  rate_plan: text('rate_plan').notNull().default('flexible'),
  rule_override_reason: text('rule_override_reason'),
  // migrations/0022_front_desk.sql
  source: text('source').notNull().default('other'),
  created_by_name: text('created_by_name'),
  id_type: text('id_type'),
  id_number: text('id_number'),
});

export const bookingUnits = pgTable('booking_units', {
  booking_unit_id: uuid('booking_unit_id').primaryKey().defaultRandom(),
  booking_id: uuid('booking_id')
    .notNull()
    .references(() => bookings.booking_id, { onDelete: 'cascade' }),
  unit_id: uuid('unit_id')
    .notNull()
    .references(() => units.unit_id, { onDelete: 'restrict' }),
  // A line's own nights, inside the booking's stay (migrations/0022: a split stay's lines differ);
  // a new line given none, or nights outside the stay, takes the booking's.
  check_in: day('check_in').notNull(),
  check_out: day('check_out').notNull(),
  booking_status: text('booking_status').notNull(),
  unit_price: money('unit_price').notNull().default(0),
  weekend_surcharge: money('weekend_surcharge').notNull().default(0),
  extra_person_charge: money('extra_person_charge').notNull().default(0),
  subtotal: money('subtotal').notNull().default(0),
  assigned_guests: integer('assigned_guests').notNull().default(1),
  unit_notes: text('unit_notes'),
  ...timestamps,
});

export const availabilityBlackouts = pgTable('availability_blackouts', {
  blackout_id: uuid('blackout_id').primaryKey().defaultRandom(),
  unit_id: uuid('unit_id')
    .notNull()
    .references(() => units.unit_id, { onDelete: 'cascade' }),
  start_date: day('start_date').notNull(),
  end_date: day('end_date').notNull(),
  reason: text('reason'),
  created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  // migrations/0023 (issue 22): 'blackout' | 'out_of_order' | 'maintenance'.
  kind: text('kind').notNull().default('blackout'),
  maintenance_issue_id: uuid('maintenance_issue_id'),
  ...timestamps,
});

export const payments = pgTable('payments', {
  payment_id: uuid('payment_id').primaryKey().defaultRandom(),
  booking_id: uuid('booking_id')
    .notNull()
    .references(() => bookings.booking_id, { onDelete: 'restrict' }),
  payment_amount: money('payment_amount').notNull(),
  payment_method: text('payment_method').notNull(),
  payment_status: text('payment_status').notNull().default('Pending'),
  payment_proof: text('payment_proof'),
  payment_proof_url: text('payment_proof_url'),
  transaction_reference: text('transaction_reference'),
  notes: text('notes'),
  transaction_date: ts('transaction_date').notNull().defaultNow(),
  verified_at: ts('verified_at'),
  verified_by: text('verified_by').references(() => users.id, { onDelete: 'set null' }),
  recorded_by: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** migrations/0013_folio.sql: the folio, append-only (a trigger refuses UPDATE and DELETE). */
export const folioEntries = pgTable('folio_entries', {
  entry_id: uuid('entry_id').primaryKey().defaultRandom(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  booking_id: uuid('booking_id')
    .notNull()
    .references(() => bookings.booking_id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  description: text('description').notNull(),
  quantity: integer('quantity').notNull(),
  unit_amount: money('unit_amount').notNull(),
  amount: money('amount').notNull(),
  tax_treatment: text('tax_treatment').notNull(),
  vat_amount: money('vat_amount').notNull().default(0),
  local_tax_amount: money('local_tax_amount').notNull().default(0),
  reverses_entry_id: uuid('reverses_entry_id'),
  reason: text('reason'),
  payment_id: uuid('payment_id').references(() => payments.payment_id),
  extra_id: uuid('extra_id'),
  created_at: ts('created_at').notNull().defaultNow(),
  created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_by_name: text('created_by_name'),
});

export const expenses = pgTable('expenses', {
  expense_id: uuid('expense_id').primaryKey().defaultRandom(),
  expense_date: day('expense_date').notNull(),
  category: text('category').notNull(),
  amount: money('amount').notNull(),
  description: text('description').notNull(),
  vendor: text('vendor'),
  vendor_contact: text('vendor_contact'),
  unit_id: uuid('unit_id').references(() => units.unit_id, { onDelete: 'set null' }),
  proof_url: text('proof_url'),
  created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_by_name: text('created_by_name'),
  ...timestamps,
});

/** migrations/0014_extras.sql: the extras catalogue (issue 17, DESIGN §8). */
export const extras = pgTable('extras', {
  extra_id: uuid('extra_id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  price: money('price').notNull(),
  charge_per: text('charge_per').notNull(),
  tax_treatment: text('tax_treatment').notNull(),
  guest_bookable: boolean('guest_bookable').notNull().default(false),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

// migrations/0021_stay_rules_promos.sql (issue 21)
export const stayRules = pgTable('stay_rules', {
  stay_rule_id: uuid('stay_rule_id').primaryKey().defaultRandom(),
  unit_ids: uuid('unit_ids')
    .array()
    .notNull()
    .default(sql`ARRAY[]::uuid[]`),
  from_date: day('from_date').notNull(),
  to_date: day('to_date').notNull(),
  min_nights: integer('min_nights'),
  max_nights: integer('max_nights'),
  closed_to_arrival: smallint('closed_to_arrival')
    .array()
    .notNull()
    .default(sql`ARRAY[]::smallint[]`),
  closed_to_departure: smallint('closed_to_departure')
    .array()
    .notNull()
    .default(sql`ARRAY[]::smallint[]`),
  min_days_ahead: integer('min_days_ahead'),
  max_days_ahead: integer('max_days_ahead'),
  ...timestamps,
});

export const promoCodes = pgTable('promo_codes', {
  promo_code_id: uuid('promo_code_id').primaryKey().defaultRandom(),
  code: text('code').notNull(),
  kind: text('kind').notNull(),
  value: money('value').notNull(),
  book_from: day('book_from'),
  book_to: day('book_to'),
  stay_from: day('stay_from'),
  stay_to: day('stay_to'),
  min_nights: integer('min_nights'),
  unit_ids: uuid('unit_ids')
    .array()
    .notNull()
    .default(sql`ARRAY[]::uuid[]`),
  max_uses: integer('max_uses'),
  max_uses_per_email: integer('max_uses_per_email'),
  active: boolean('active').notNull().default(true),
  uses: integer('uses').notNull().default(0),
  ...timestamps,
});

export const promoCodeUses = pgTable('promo_code_uses', {
  promo_code_use_id: uuid('promo_code_use_id').primaryKey().defaultRandom(),
  promo_code_id: uuid('promo_code_id')
    .notNull()
    .references(() => promoCodes.promo_code_id, { onDelete: 'restrict' }),
  booking_id: uuid('booking_id')
    .notNull()
    .references(() => bookings.booking_id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  discount_amount: money('discount_amount').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
  released_at: ts('released_at'),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    request_hash: text('request_hash').notNull(),
    status: text('status').notNull().default('processing'),
    response_status: integer('response_status'),
    response_body: jsonb('response_body'),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

export const usedUploadTokens = pgTable('used_upload_tokens', {
  token_id: text('token_id').primaryKey(),
  expires_at: ts('expires_at').notNull(),
});

export const usedChallenges = pgTable('used_challenges', {
  challenge_id: text('challenge_id').primaryKey(),
  expires_at: ts('expires_at').notNull(),
});

export const auditLogs = pgTable('audit_logs', {
  audit_id: uuid('audit_id').primaryKey().defaultRandom(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  created_at: ts('created_at').notNull().defaultNow(),
  table_name: text('table_name').notNull(),
  record_id: text('record_id'),
  record_pk: text('record_pk'),
  correlation_id: text('correlation_id'),
  action: text('action').notNull(),
  event_type: text('event_type'),
  source: text('source').notNull().default('db'),
  user_id: text('user_id'),
  user_email: text('user_email'),
  user_role: text('user_role'),
  old_data: jsonb('old_data'),
  new_data: jsonb('new_data'),
  changed_fields: text('changed_fields').array(),
  description: text('description'),
  category: text('category'),
  severity: text('severity').notNull().default('INFO'),
  metadata: jsonb('metadata'),
  ip_address: text('ip_address'),
  user_agent: text('user_agent'),
  prev_hash: text('prev_hash'),
  row_hash: text('row_hash'),
});

export const bookingAvailability = pgView('booking_availability', {
  booking_id: uuid('booking_id').notNull(),
  unit_id: uuid('unit_id').notNull(),
  booking_status: text('booking_status').notNull(),
  check_in: day('check_in').notNull(),
  check_out: day('check_out').notNull(),
}).existing();

// Channel sync (migrations/0016_channels.sql, issue 19).
export const channelExportTokens = pgTable('channel_export_tokens', {
  unit_id: uuid('unit_id')
    .primaryKey()
    .references(() => units.unit_id, { onDelete: 'cascade' }),
  token: text('token').notNull(),
  revoked_at: ts('revoked_at'),
  ...timestamps,
});

export const channelFeeds = pgTable('channel_feeds', {
  feed_id: uuid('feed_id').primaryKey().defaultRandom(),
  unit_id: uuid('unit_id')
    .notNull()
    .references(() => units.unit_id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  url: text('url').notNull(),
  channel: text('channel').notNull(),
  last_synced_at: ts('last_synced_at'),
  last_success_at: ts('last_success_at'),
  last_error: text('last_error'),
  event_count: integer('event_count').notNull().default(0),
  next_run_at: ts('next_run_at').notNull().defaultNow(),
  created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const channelFeedLog = pgTable('channel_feed_log', {
  log_id: uuid('log_id').primaryKey().defaultRandom(),
  feed_id: uuid('feed_id')
    .notNull()
    .references(() => channelFeeds.feed_id, { onDelete: 'cascade' }),
  level: text('level').notNull(),
  message: text('message').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const externalHolds = pgTable('external_holds', {
  hold_id: uuid('hold_id').primaryKey().defaultRandom(),
  feed_id: uuid('feed_id')
    .notNull()
    .references(() => channelFeeds.feed_id, { onDelete: 'cascade' }),
  unit_id: uuid('unit_id')
    .notNull()
    .references(() => units.unit_id, { onDelete: 'cascade' }),
  uid: text('uid').notNull(),
  summary: text('summary'),
  start_date: day('start_date').notNull(),
  end_date: day('end_date').notNull(),
  conflict: boolean('conflict').notNull().default(false),
  conflict_refs: text('conflict_refs'),
  /** migrations/0018: the conflict_refs the owners and managers were last e-mailed about. */
  conflict_notified_refs: text('conflict_notified_refs'),
  resolved_at: ts('resolved_at'),
  resolution: text('resolution'),
  resolution_note: text('resolution_note'),
  resolved_by: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

// migrations/0019_guest_messages.sql (issue 18): the guest's e-mails and the opt-outs.
export const guestMessages = pgTable('guest_messages', {
  message_id: uuid('message_id').primaryKey().defaultRandom(),
  booking_id: uuid('booking_id')
    .notNull()
    .references(() => bookings.booking_id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  status: text('status').notNull().default('scheduled'),
  scheduled_at: ts('scheduled_at').notNull(),
  sent_at: ts('sent_at'),
  error: text('error'),
  subject: text('subject'),
  body: text('body'),
  is_resend: boolean('is_resend').notNull().default(false),
  job_id: uuid('job_id'),
  created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: ts('created_at').notNull(),
});

export const messageOptOuts = pgTable(
  'message_opt_outs',
  {
    email: text('email').notNull(),
    kind: text('kind').notNull(),
    created_at: ts('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.email, table.kind] })],
);

/** migrations/0020_documents.sql: each kind's next number (issue 20, a gapless series). */
export const documentCounters = pgTable('document_counters', {
  kind: text('kind').primaryKey(),
  next_number: integer('next_number').notNull(),
});

/** migrations/0020_documents.sql: receipts and invoices, never edited or deleted, only voided. */
export const documents = pgTable('documents', {
  document_id: uuid('document_id').primaryKey().defaultRandom(),
  booking_id: uuid('booking_id')
    .notNull()
    .references(() => bookings.booking_id, { onDelete: 'restrict' }),
  kind: text('kind').notNull(),
  number: integer('number').notNull(),
  scope: text('scope').notNull(),
  payment_id: uuid('payment_id').references(() => payments.payment_id, { onDelete: 'restrict' }),
  status: text('status').notNull().default('issued'),
  snapshot: jsonb('snapshot').notNull(),
  issue_date: day('issue_date').notNull(),
  vatable_sales: money('vatable_sales').notNull(),
  vat_exempt_sales: money('vat_exempt_sales').notNull(),
  zero_rated_sales: money('zero_rated_sales').notNull(),
  vat_amount: money('vat_amount').notNull(),
  local_tax_amount: money('local_tax_amount').notNull(),
  total: money('total').notNull(),
  amount_paid: money('amount_paid').notNull(),
  buyer_name: text('buyer_name').notNull(),
  buyer_address: text('buyer_address'),
  buyer_tin: text('buyer_tin'),
  booklet_serial: text('booklet_serial'),
  void_reason: text('void_reason'),
  voided_at: ts('voided_at'),
  voided_by: text('voided_by').references(() => users.id, { onDelete: 'set null' }),
  replaces_document_id: uuid('replaces_document_id'),
  issued_by: text('issued_by').references(() => users.id, { onDelete: 'set null' }),
  issued_by_name: text('issued_by_name'),
  issued_at: ts('issued_at').notNull(),
});

// migrations/0023_housekeeping_maintenance.sql (issue 22): the maintenance log.
export const maintenanceIssues = pgTable('maintenance_issues', {
  issue_id: uuid('issue_id').primaryKey().defaultRandom(),
  unit_id: uuid('unit_id')
    .notNull()
    .references(() => units.unit_id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  priority: text('priority').notNull().default('normal'),
  status: text('status').notNull().default('open'),
  notes: text('notes'),
  cost: money('cost'),
  scheduled_from: day('scheduled_from'),
  scheduled_to: day('scheduled_to'),
  expense_id: uuid('expense_id').references(() => expenses.expense_id, { onDelete: 'set null' }),
  completed_at: ts('completed_at'),
  created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_by_name: text('created_by_name'),
  ...timestamps,
});

export const maintenancePhotos = pgTable('maintenance_photos', {
  photo_id: uuid('photo_id').primaryKey().defaultRandom(),
  issue_id: uuid('issue_id')
    .notNull()
    .references(() => maintenanceIssues.issue_id, { onDelete: 'cascade' }),
  path: text('path').notNull(),
  file_name: text('file_name').notNull(),
  created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: ts('created_at').notNull().defaultNow(),
});
