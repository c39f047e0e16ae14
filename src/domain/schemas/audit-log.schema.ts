import { z } from 'zod';
import {
  APP_AUDIT_TABLES,
  AUDIT_CATEGORIES,
  AUDIT_SEVERITIES,
  AUDIT_SOURCES,
  LIMITS,
} from '../constants';
import { isIsoDate } from '../dates';
import { searchField } from './common.schema';

/** DESIGN §5 /api/audit-logs request and response shapes (SPEC §7 audit_logs). */

/** The largest page the list answers; SPEC §9's default is 50. */
export const AUDIT_LIST_MAX_LIMIT = 200;
/** SPEC §2 and §6: detail pages show the record's last 50 entries. */
export const AUDIT_RECORD_HISTORY_LIMIT = 50;
/** SPEC §9: the stats' top users, over the last 7 days. */
export const AUDIT_STATS_TOP_USERS = 10;
export const AUDIT_STATS_DAYS = 7;
/**
 * Archiving deletes rows, so it never reaches the last 30 days: a mistaken or malicious archive
 * cannot erase the trail of what was just done (docs/decisions/0011-audit-trail-api.md).
 */
export const AUDIT_ARCHIVE_MIN_AGE_DAYS = 30;

const eventName = z
  .string()
  .trim()
  .min(1, 'Must not be empty')
  .max(64, 'Must be at most 64 characters')
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'Must be letters, digits and underscores');

/** A day (YYYY-MM-DD, in the resort's time zone) or an instant (ISO date-time with a zone). */
const dateOrInstant = z
  .string()
  .trim()
  .refine(
    (value) => isIsoDate(value) || z.iso.datetime({ offset: true }).safeParse(value).success,
    'Must be a date (YYYY-MM-DD) or a date-time (ISO 8601)',
  )
  .optional();

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** The keyset cursor: the last row's created_at and seq, as one opaque token. */
export type AuditCursor = { createdAt: string; seq: number };

export function encodeAuditCursor(cursor: AuditCursor): string {
  const bytes = new TextEncoder().encode(`${cursor.createdAt}|${cursor.seq}`);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** base64url to UTF-8 text, as Node's Buffer reads it (a lone trailing character is ignored). */
function decodeBase64Url(token: string): string {
  const base64 = token.replace(/-/g, '+').replace(/_/g, '/');
  const whole = base64.length % 4 === 1 ? base64.slice(0, -1) : base64;
  const binary = atob(whole.padEnd(Math.ceil(whole.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export function decodeAuditCursor(token: string): AuditCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return null;
  const [createdAt, seq, ...rest] = decodeBase64Url(token).split('|');
  const position = Number(seq);
  if (rest.length > 0 || !createdAt || !Number.isSafeInteger(position) || position < 0) {
    return null;
  }
  if (!z.iso.datetime({ offset: true }).safeParse(createdAt).success) return null;
  return { createdAt, seq: position };
}

/** SPEC §7 and DESIGN §5: every filter of the audit list, shared by the list and the export. */
export const auditFiltersSchema = z.object({
  from: dateOrInstant,
  to: dateOrInstant,
  user_email: optionalText(LIMITS.email_max),
  user_id: optionalText(200),
  table_name: z
    .enum(APP_AUDIT_TABLES, { error: `Must be one of ${APP_AUDIT_TABLES.join(', ')}` })
    .optional(),
  record_id: optionalText(200),
  correlation_id: optionalText(200),
  action: eventName.optional(),
  source: z.enum(AUDIT_SOURCES, { error: 'Must be db or app' }).optional(),
  event_type: eventName.optional(),
  category: z
    .enum(AUDIT_CATEGORIES, { error: `Must be one of ${AUDIT_CATEGORIES.join(', ')}` })
    .optional(),
  severity: z
    .enum(AUDIT_SEVERITIES, { error: `Must be one of ${AUDIT_SEVERITIES.join(', ')}` })
    .optional(),
  search: searchField,
});
export type AuditFilters = z.output<typeof auditFiltersSchema>;

export const auditListQuerySchema = auditFiltersSchema
  .extend({
    limit: z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(AUDIT_LIST_MAX_LIMIT, `Must be at most ${AUDIT_LIST_MAX_LIMIT}`)
      .default(LIMITS.audit_page_size),
    offset: z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(0, 'Must not be negative')
      .max(10_000_000, 'Too far; use the cursor for deep pages')
      .optional(),
    /** A page number, another way to say offset = (page - 1) × limit. */
    page: z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(100_000, 'Too far; use the cursor for deep pages')
      .optional(),
    /** Keyset pagination: the `next_cursor` of the previous page; offset and page are ignored. */
    cursor: z
      .string()
      .max(300)
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === '') return undefined;
        const cursor = decodeAuditCursor(value);
        if (!cursor) {
          ctx.addIssue({ code: 'custom', message: 'Invalid cursor' });
          return z.NEVER;
        }
        return cursor;
      }),
  })
  .superRefine(({ from, to }, ctx) => {
    if (from && to && isIsoDate(from) && isIsoDate(to) && from > to) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end date must not be before the start date',
      });
    }
  });
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export const auditIdParamsSchema = z.object({
  id: z.guid({ error: 'Not a valid audit log id' }).transform((id) => id.toLowerCase()),
});

/** The tables whose rows have a detail page with a history card (SPEC §2). */
export const AUDIT_RECORD_TABLES = [
  'units',
  'guests',
  'bookings',
  'payments',
  'expenses',
  'availability_blackouts',
] as const;
export type AuditRecordTable = (typeof AUDIT_RECORD_TABLES)[number];

export const auditRecordParamsSchema = z.object({
  table: z.enum(AUDIT_RECORD_TABLES, {
    error: `Must be one of ${AUDIT_RECORD_TABLES.join(', ')}`,
  }),
  record_id: z.string().trim().min(1).max(200, 'Must be at most 200 characters'),
});

export const archiveBodySchema = z.object({
  cutoff: z
    .string({ error: 'Please give a cutoff date' })
    .trim()
    .refine(
      (value) => isIsoDate(value) || z.iso.datetime({ offset: true }).safeParse(value).success,
      'Must be a date (YYYY-MM-DD) or a date-time (ISO 8601)',
    ),
});

/** `POST /api/audit-logs/archive`: how many rows went and the cutoff applied. */
export const archiveResponseSchema = z.object({ removed: z.number(), cutoff: z.string() });
export type ArchiveResult = z.infer<typeof archiveResponseSchema>;

/**
 * SPEC §7 `POST /api/audit/log-with-ip`: the web app's own audit events. The route reads the body
 * loosely on purpose (SPEC §7's client reads `error` from a failure), so it parses with this schema
 * itself and answers 400 `{ error, message }` rather than the usual validation body.
 */
export const logWithIpBodySchema = z.object({
  tableName: z.string().max(64),
  recordId: z.union([z.string().max(200), z.number()]).nullish(),
  description: z.string().max(100_000).default(''),
  category: z.enum(AUDIT_CATEGORIES),
  severity: z.enum(AUDIT_SEVERITIES).default('INFO'),
  // Optional names of the event; SPEC §7's body has none, so they default from the data given.
  action: z.string().max(64).optional(),
  event_type: z.string().max(64).optional(),
  metadata: z.unknown().optional(),
  oldData: z.unknown().optional(),
  newData: z.unknown().optional(),
});
export const logWithIpResponseSchema = z.object({ audit_id: z.string() });
/**
 * `error` is the route's own refusal (SPEC §7); a refusal from before the handler (malformed
 * JSON, say) comes from the shared error handler with `message` alone.
 */
export const logWithIpErrorSchema = z.object({ error: z.string().optional(), message: z.string() });

export const auditLogSchema = z.object({
  audit_id: z.string(),
  created_at: z.string(),
  table_name: z.string(),
  record_id: z.string().nullable(),
  correlation_id: z.string().nullable(),
  action: z.string(),
  event_type: z.string().nullable(),
  source: z.string(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  user_role: z.string().nullable(),
  old_data: z.unknown(),
  new_data: z.unknown(),
  changed_fields: z.array(z.string()).nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  severity: z.string(),
  metadata: z.unknown(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditLogDto = z.infer<typeof auditLogSchema>;

export const auditListResponseSchema = z.object({
  data: z.array(auditLogSchema),
  totalCount: z.number(),
  totalPages: z.number(),
  currentPage: z.number(),
  hasMore: z.boolean(),
  next_cursor: z.string().nullable(),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

export const auditStatsSchema = z.object({
  totalLogs: z.number(),
  byTable: z.array(z.object({ table_name: z.string(), count: z.number() })),
  byAction: z.array(z.object({ action: z.string(), count: z.number() })),
  byUser: z.array(z.object({ user_email: z.string(), count: z.number() })),
  /** byUser counts entries since this instant (SPEC §9: the last 7 days). */
  since: z.string(),
});
export type AuditStats = z.infer<typeof auditStatsSchema>;
