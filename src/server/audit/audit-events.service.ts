import { z } from 'zod';
import {
  AUDIT_CATEGORIES,
  AUDIT_SEVERITIES,
  APP_AUDIT_TABLES,
  LIMITS,
  type AuditCategory,
  type AuditSeverity,
} from '../../domain/constants';
import { sanitizeText } from '../../domain/sanitize';
import type { AppTx, Database } from '../db/client';
import type { AuditActor } from '../http/request-context';
import { insertAppAuditRow } from './audit.repository';

/**
 * Application-written audit events (source 'app', SPEC §3): sign-ins, sign-outs, role and
 * settings changes, and what the web app reports through POST /api/audit/log-with-ip (SPEC §7).
 * Row changes on the audited tables are written by database triggers (a later issue).
 */

/** SPEC §8: what a description emptied by sanitising reads. */
export const REMOVED_BY_FILTER = '(content was removed by security filter)';

/** Largest JSON document accepted for metadata, old data or new data. */
export const AUDIT_JSON_MAX_CHARS = 64 * 1024;

export type AppEvent = {
  tableName: string;
  recordId?: string | null;
  action: string;
  eventType?: string | null;
  description: string;
  category: AuditCategory | string;
  severity?: AuditSeverity | string;
  metadata?: unknown;
  oldData?: unknown;
  newData?: unknown;
  actor?: AuditActor | null;
  /**
   * The e-mail an event is about when nobody is signed in: the address a failed sign-in tried.
   * It fills user_email only when there is no actor, so the trail names who was tried (issue 15).
   */
  userEmail?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  correlationId?: string | null;
};

export type AppEventResult =
  { success: true; audit_id: string } | { success: false; error: string };

const eventName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'must be letters, digits and underscores');

const jsonDocument = z
  .unknown()
  .superRefine((value, ctx) => {
    if (value === undefined || value === null) return;
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return;
    }
    if (text === undefined) ctx.addIssue({ code: 'custom', message: 'must be JSON' });
    else if (text.length > AUDIT_JSON_MAX_CHARS) {
      ctx.addIssue({
        code: 'custom',
        message: `must be at most ${AUDIT_JSON_MAX_CHARS} characters`,
      });
    }
  })
  .optional();

const appEventSchema = z.object({
  tableName: z.string().refine((name) => (APP_AUDIT_TABLES as readonly string[]).includes(name), {
    error: (issue) => `Invalid table name: ${String(issue.input).slice(0, 64)}`,
  }),
  recordId: z.string().max(200).nullish(),
  action: eventName,
  eventType: eventName.nullish(),
  description: z.string().max(100_000),
  category: z.enum(AUDIT_CATEGORIES),
  severity: z.enum(AUDIT_SEVERITIES).default('INFO'),
  metadata: jsonDocument,
  oldData: jsonDocument,
  newData: jsonDocument,
});

/**
 * SPEC §3: values redacted as "[REDACTED]" before they reach the audit trail, by table; any field
 * named like a password, token, secret or hash is redacted on every table.
 */
const REDACTED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  guests: ['phone', 'phone_number', 'email', 'address', 'notes', 'emergency_contact_phone'],
  bookings: ['special_requests', 'internal_notes'],
  payments: [
    'payment_method_details',
    'transaction_reference',
    'proof_url',
    'payment_proof',
    'payment_proof_url',
    'receipt_url',
  ],
  users: ['password_hash', 'reset_token', 'email_verification_token'],
  expenses: ['vendor_contact', 'proof_url'],
};
const ALWAYS_REDACTED = /password|token|secret|hash|backup_?codes?/i;
export const REDACTED = '[REDACTED]';

export function redactForAudit(tableName: string, data: unknown): unknown {
  if (data === null || typeof data !== 'object') return data;
  if (Array.isArray(data)) return data.map((item) => redactForAudit(tableName, item));
  const fields = REDACTED_FIELDS[tableName] ?? [];
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    result[key] =
      fields.includes(key) || ALWAYS_REDACTED.test(key)
        ? REDACTED
        : redactForAudit(tableName, value);
  }
  return result;
}

/** Top-level fields whose values differ between two records. */
export function changedFields(oldData: unknown, newData: unknown): string[] | null {
  if (!isRecord(oldData) || !isRecord(newData)) return null;
  const keys = new Set([...Object.keys(oldData), ...Object.keys(newData)]);
  return [...keys].filter((key) => JSON.stringify(oldData[key]) !== JSON.stringify(newData[key]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** SPEC §8: a description emptied by sanitising reads "(content was removed by security filter)". */
export function sanitizeDescription(description: string): string {
  const clean = sanitizeText(description);
  return clean === '' && description.trim() !== '' ? REMOVED_BY_FILTER : clean;
}

/** An e-mail named by an unauthenticated event, bounded like any e-mail (SPEC §5). */
function attemptedEmail(email: string | null | undefined): string | null {
  const trimmed = email?.trim();
  return trimmed ? trimmed.slice(0, LIMITS.email_max) : null;
}

/**
 * Writes one app audit event. Never throws (SPEC §8 "audit logging never throws"): a failure is
 * returned and logged by the caller if it cares. Pass `tx` to write inside the caller's
 * transaction; the insert then runs in a savepoint, so a failed audit write cannot abort it.
 */
export async function recordAppEvent(
  deps: { database: Database },
  event: AppEvent,
  tx?: AppTx,
): Promise<AppEventResult> {
  try {
    const parsed = appEventSchema.safeParse(event);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.');
      const message = issue?.message ?? 'Invalid audit event';
      return {
        success: false,
        error: field && field !== 'tableName' ? `${field}: ${message}` : message,
      };
    }
    const e = parsed.data;
    const oldData = e.oldData == null ? null : redactForAudit(e.tableName, e.oldData);
    const newData = e.newData == null ? null : redactForAudit(e.tableName, e.newData);
    const row = {
      table_name: e.tableName,
      record_id: e.recordId ?? null,
      correlation_id: event.correlationId ?? null,
      action: e.action,
      event_type: e.eventType ?? null,
      user_id: event.actor?.userId ?? null,
      user_email: event.actor?.email ?? attemptedEmail(event.userEmail),
      user_role: event.actor?.role ?? null,
      old_data: oldData,
      new_data: newData,
      changed_fields: changedFields(oldData, newData),
      description: sanitizeDescription(e.description),
      category: e.category,
      severity: e.severity,
      metadata: e.metadata ?? null,
      ip_address: event.ipAddress ?? null,
      user_agent: event.userAgent ?? null,
    };
    const auditId = tx
      ? await tx.transaction((savepoint) => insertAppAuditRow(savepoint, row))
      : await insertAppAuditRow(deps.database.db, row);
    return { success: true, audit_id: auditId };
  } catch {
    // A database message is not written for people (SPEC §8); the caller may log the failure.
    return { success: false, error: 'The audit event could not be recorded.' };
  }
}
