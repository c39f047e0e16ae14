import { and, count, desc, eq, gte, ilike, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { isIsoDate } from '../../domain/dates';
import type { AuditCursor, AuditFilters } from '../../domain/schemas/audit-log.schema';
import type { AppDb, AppTx } from '../db/client';
import { auditLogs } from '../db/schema';

/** SPEC §7 audit_logs reads: the filtered list, one row, a record's history, stats, archive. */

export type AuditLogRow = {
  audit_id: string;
  created_at: Date;
  /** created_at to the microsecond, for the keyset cursor (a JS Date keeps milliseconds). */
  created_at_exact: string;
  seq: number;
  table_name: string;
  record_id: string | null;
  correlation_id: string | null;
  action: string;
  event_type: string | null;
  source: string;
  user_id: string | null;
  user_email: string | null;
  user_role: string | null;
  old_data: unknown;
  new_data: unknown;
  changed_fields: string[] | null;
  description: string | null;
  category: string | null;
  severity: string;
  metadata: unknown;
  ip_address: string | null;
  user_agent: string | null;
};

const columns = {
  audit_id: auditLogs.audit_id,
  created_at: auditLogs.created_at,
  created_at_exact: sql<string>`to_char(${auditLogs.created_at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  seq: sql<number>`${auditLogs.seq}::float8`,
  table_name: auditLogs.table_name,
  record_id: auditLogs.record_id,
  correlation_id: auditLogs.correlation_id,
  action: auditLogs.action,
  event_type: auditLogs.event_type,
  source: auditLogs.source,
  user_id: auditLogs.user_id,
  user_email: auditLogs.user_email,
  user_role: auditLogs.user_role,
  old_data: auditLogs.old_data,
  new_data: auditLogs.new_data,
  changed_fields: auditLogs.changed_fields,
  description: auditLogs.description,
  category: auditLogs.category,
  severity: auditLogs.severity,
  metadata: auditLogs.metadata,
  ip_address: auditLogs.ip_address,
  user_agent: auditLogs.user_agent,
};

/** `%`, `_` and `\` match themselves in a contains-search. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A day bound is the start of that day (or of the next, for `to`) in the resort's time zone. */
function startOfDay(day: string, timeZone: string): SQL {
  return sql`((${day})::date::timestamp AT TIME ZONE ${timeZone})`;
}

function filterConditions(filters: AuditFilters, timeZone: string): SQL[] {
  const conditions: SQL[] = [];
  if (filters.from) {
    conditions.push(
      isIsoDate(filters.from)
        ? sql`${auditLogs.created_at} >= ${startOfDay(filters.from, timeZone)}`
        : gte(auditLogs.created_at, new Date(filters.from)),
    );
  }
  if (filters.to) {
    conditions.push(
      isIsoDate(filters.to)
        ? sql`${auditLogs.created_at} < (${startOfDay(filters.to, timeZone)} + interval '1 day')`
        : lte(auditLogs.created_at, new Date(filters.to)),
    );
  }
  if (filters.user_email) {
    conditions.push(ilike(auditLogs.user_email, containsPattern(filters.user_email)));
  }
  if (filters.user_id) conditions.push(eq(auditLogs.user_id, filters.user_id));
  if (filters.table_name) conditions.push(eq(auditLogs.table_name, filters.table_name));
  if (filters.record_id) conditions.push(eq(auditLogs.record_id, filters.record_id));
  if (filters.correlation_id) {
    conditions.push(eq(auditLogs.correlation_id, filters.correlation_id));
  }
  if (filters.action) {
    // SPEC §3: row actions are INSERT, UPDATE, DELETE (any case); app events keep their names.
    const upper = filters.action.toUpperCase();
    conditions.push(
      ['INSERT', 'UPDATE', 'DELETE'].includes(upper)
        ? eq(auditLogs.action, upper)
        : eq(auditLogs.action, filters.action),
    );
  }
  if (filters.source) conditions.push(eq(auditLogs.source, filters.source));
  if (filters.event_type) conditions.push(eq(auditLogs.event_type, filters.event_type));
  if (filters.category) conditions.push(eq(auditLogs.category, filters.category));
  if (filters.severity) conditions.push(eq(auditLogs.severity, filters.severity));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(
      or(
        ilike(auditLogs.description, pattern),
        ilike(auditLogs.user_email, pattern),
        ilike(auditLogs.record_id, pattern),
        ilike(auditLogs.table_name, pattern),
        ilike(auditLogs.event_type, pattern),
        ilike(auditLogs.ip_address, pattern),
      )!,
    );
  }
  return conditions;
}

/** Rows newer than the cursor come first: (created_at, seq) descending. */
function beforeCursor(cursor: AuditCursor): SQL {
  return sql`(${auditLogs.created_at}, ${auditLogs.seq}) < (${cursor.createdAt}::timestamptz, ${cursor.seq}::bigint)`;
}

function atOrAfterCursor(cursor: AuditCursor): SQL {
  return sql`(${auditLogs.created_at}, ${auditLogs.seq}) >= (${cursor.createdAt}::timestamptz, ${cursor.seq}::bigint)`;
}

export async function countAuditLogs(
  db: AppDb,
  filters: AuditFilters,
  timeZone: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(...filterConditions(filters, timeZone)));
  return Number(row?.n ?? 0);
}

/** How many rows sort up to the cursor's row (for the page number of a keyset page). */
export async function countAuditLogsUpTo(
  db: AppDb,
  filters: AuditFilters,
  timeZone: string,
  cursor: AuditCursor,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(...filterConditions(filters, timeZone), atOrAfterCursor(cursor)));
  return Number(row?.n ?? 0);
}

export async function findAuditLogs(
  db: AppDb,
  filters: AuditFilters,
  timeZone: string,
  page: { limit: number; offset?: number; cursor?: AuditCursor },
): Promise<AuditLogRow[]> {
  const conditions = filterConditions(filters, timeZone);
  if (page.cursor) conditions.push(beforeCursor(page.cursor));
  const query = db
    .select(columns)
    .from(auditLogs)
    .where(and(...conditions))
    .orderBy(desc(auditLogs.created_at), desc(auditLogs.seq))
    .limit(page.limit);
  return (page.cursor ? query : query.offset(page.offset ?? 0)) as Promise<AuditLogRow[]>;
}

export async function findAuditLogById(db: AppDb, auditId: string): Promise<AuditLogRow | null> {
  const [row] = await db.select(columns).from(auditLogs).where(eq(auditLogs.audit_id, auditId));
  return (row as AuditLogRow | undefined) ?? null;
}

/** SPEC §7: audit_logs read by table_name and record_id, newest first, at most `limit`. */
export async function findRecordHistory(
  db: AppDb,
  tableName: string,
  recordId: string,
  limit: number,
): Promise<AuditLogRow[]> {
  return (await db
    .select(columns)
    .from(auditLogs)
    .where(and(eq(auditLogs.table_name, tableName), eq(auditLogs.record_id, recordId)))
    .orderBy(desc(auditLogs.created_at), desc(auditLogs.seq))
    .limit(limit)) as AuditLogRow[];
}

export async function auditStatsRows(db: AppDb, since: Date, until: Date, topUsers: number) {
  const n = sql<number>`count(*)::int`;
  const [total] = await db.select({ n }).from(auditLogs);
  const byTable = await db
    .select({ table_name: auditLogs.table_name, count: n })
    .from(auditLogs)
    .groupBy(auditLogs.table_name)
    .orderBy(desc(n), auditLogs.table_name);
  const byAction = await db
    .select({ action: auditLogs.action, count: n })
    .from(auditLogs)
    .groupBy(auditLogs.action)
    .orderBy(desc(n), auditLogs.action);
  const byUser = await db
    .select({ user_email: sql<string>`${auditLogs.user_email}`, count: n })
    .from(auditLogs)
    .where(
      and(
        isNotNull(auditLogs.user_email),
        // A failed sign-in names the e-mail tried, not a user who did something: an attack on
        // one address must not make it the "Most Active User".
        sql`not (${auditLogs.table_name} = 'authentication' and ${auditLogs.user_id} is null)`,
        gte(auditLogs.created_at, since),
        lte(auditLogs.created_at, until),
      ),
    )
    .groupBy(auditLogs.user_email)
    .orderBy(desc(n), auditLogs.user_email)
    .limit(topUsers);
  return { totalLogs: total?.n ?? 0, byTable, byAction, byUser };
}

/** SPEC §7 RPC archive_audit_logs: removes rows older than the cutoff; returns how many. */
export async function archiveAuditLogs(tx: AppTx, cutoff: Date): Promise<number> {
  const result = await tx.execute<{ removed: number }>(
    sql`select archive_audit_logs(${cutoff.toISOString()}::timestamptz)::int as removed`,
  );
  const rows = (result as unknown as { rows?: { removed: number }[] }).rows ?? result;
  return Number((rows as { removed: number }[])[0]?.removed ?? 0);
}
