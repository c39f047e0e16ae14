import { TZDate } from '@date-fns/tz';
import { auditActionLabel, LIMITS } from '../../domain/constants';
import { isIsoDate, todayInZone } from '../../domain/dates';
import { type CsvColumn, toCsv } from '../../domain/sanitize';
import {
  AUDIT_ARCHIVE_MIN_AGE_DAYS,
  AUDIT_RECORD_HISTORY_LIMIT,
  AUDIT_STATS_DAYS,
  AUDIT_STATS_TOP_USERS,
  type AuditFilters,
  type AuditListQuery,
  type AuditListResponse,
  type AuditLogDto,
  type AuditStats,
  encodeAuditCursor,
} from '../../domain/schemas/audit-log.schema';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { badRequest, notFound } from '../errors';
import type { ActorContext } from '../http/request-context';
import { recordAppEvent } from './audit-events.service';
import {
  archiveAuditLogs,
  type AuditLogRow,
  auditStatsRows,
  countAuditLogs,
  countAuditLogsUpTo,
  findAuditLogById,
  findAuditLogs,
  findRecordHistory,
} from './audit-logs.repository';
import { PERMISSION_MESSAGES } from '../../domain/permissions';

export const AUDIT_MESSAGES = {
  forbidden: PERMISSION_MESSAGES.auditLogs,
  notFound: 'Audit log not found',
  archiveTooRecent: `Only entries older than ${AUDIT_ARCHIVE_MIN_AGE_DAYS} days can be archived. Please choose an earlier cutoff.`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

function toDto(row: AuditLogRow): AuditLogDto {
  const { created_at_exact: _exact, seq: _seq, ...rest } = row;
  return { ...rest, created_at: row.created_at.toISOString() };
}

/** The instant a cutoff names: a day is its start in the resort's time zone. */
function cutoffInstant(value: string, timeZone: string): Date {
  if (isIsoDate(value)) {
    const [year, month, day] = value.split('-').map(Number);
    return new Date(new TZDate(year!, month! - 1, day!, 0, 0, 0, timeZone).getTime());
  }
  return new Date(value);
}

/** SPEC §2's table columns first, so the file reads like the screen; then the rest. */
const CSV_COLUMNS: CsvColumn<AuditLogRow>[] = [
  { header: 'Timestamp', value: (row) => row.created_at.toISOString() },
  { header: 'User', value: 'user_email' },
  { header: 'Table', value: 'table_name' },
  { header: 'Action', value: 'action' },
  { header: 'Source', value: 'source' },
  { header: 'Record ID', value: 'record_id' },
  { header: 'Changed Fields', value: (row) => (row.changed_fields ?? []).join('; ') },
  { header: 'Event', value: (row) => (row.event_type ? auditActionLabel(row.event_type) : '') },
  { header: 'Description', value: 'description' },
  { header: 'Category', value: 'category' },
  { header: 'Severity', value: 'severity' },
  { header: 'User Role', value: 'user_role' },
  { header: 'IP Address', value: 'ip_address' },
  { header: 'User Agent', value: 'user_agent' },
  { header: 'Correlation ID', value: 'correlation_id' },
  { header: 'Audit ID', value: 'audit_id' },
  { header: 'Old Data', value: 'old_data' },
  { header: 'New Data', value: 'new_data' },
  { header: 'Metadata', value: 'metadata' },
];

export type AuditExport = {
  filename: string;
  csv: string;
  rows: number;
  totalCount: number;
  truncated: boolean;
};

/** SPEC §7 audit_logs: the audit trail as owners and administrators read it. */
export function createAuditLogsService(deps: { database: Database; config: Config; clock: Clock }) {
  const { database, config, clock } = deps;
  const db = database.db;
  const timeZone = config.timezone;

  return {
    async list(query: AuditListQuery): Promise<AuditListResponse> {
      const { limit, offset, page, cursor, ...filters } = query;
      const totalCount = await countAuditLogs(db, filters, timeZone);
      let skipped: number;
      let rows: AuditLogRow[];
      if (cursor) {
        skipped = await countAuditLogsUpTo(db, filters, timeZone, cursor);
        rows = await findAuditLogs(db, filters, timeZone, { limit, cursor });
      } else {
        skipped = offset ?? ((page ?? 1) - 1) * limit;
        rows = await findAuditLogs(db, filters, timeZone, { limit, offset: skipped });
      }
      const hasMore = skipped + rows.length < totalCount;
      const last = rows.at(-1);
      return {
        data: rows.map(toDto),
        totalCount,
        totalPages: Math.ceil(totalCount / limit),
        currentPage: Math.floor(skipped / limit) + 1,
        hasMore,
        next_cursor:
          hasMore && last
            ? encodeAuditCursor({ createdAt: last.created_at_exact, seq: last.seq })
            : null,
      };
    },

    async get(auditId: string): Promise<AuditLogDto> {
      const row = await findAuditLogById(db, auditId);
      if (!row) throw notFound(AUDIT_MESSAGES.notFound);
      return toDto(row);
    },

    /** SPEC §2 and §6: a record's last 50 entries, newest first, for its detail page. */
    async recordHistory(tableName: string, recordId: string): Promise<AuditLogDto[]> {
      const rows = await findRecordHistory(db, tableName, recordId, AUDIT_RECORD_HISTORY_LIMIT);
      return rows.map(toDto);
    },

    /** SPEC §3 and §9: totals, by table and action, and the 10 most active users of 7 days. */
    async stats(): Promise<AuditStats> {
      const now = clock.now();
      const since = new Date(now.getTime() - AUDIT_STATS_DAYS * DAY_MS);
      const stats = await auditStatsRows(db, since, now, AUDIT_STATS_TOP_USERS);
      return { ...stats, since: since.toISOString() };
    },

    /**
     * SPEC §9: up to 10,000 rows of the filtered view as CSV (SPEC §5 escaping), named with the
     * resort's date; the export itself is recorded as an app audit event.
     */
    async exportCsv(filters: AuditFilters, ctx: ActorContext): Promise<AuditExport> {
      const totalCount = await countAuditLogs(db, filters, timeZone);
      const rows = await findAuditLogs(db, filters, timeZone, {
        limit: LIMITS.csv_export_max_rows,
        offset: 0,
      });
      const truncated = totalCount > rows.length;
      await recordAppEvent(deps, {
        ...ctx,
        tableName: 'system',
        action: 'data_export',
        eventType: 'csv_export',
        description: `CSV export of ${rows.length} audit log rows`,
        category: 'SYSTEM',
        severity: 'INFO',
        metadata: { filters, rows: rows.length, total: totalCount, truncated },
      });
      return {
        filename: `audit-logs-${todayInZone(timeZone, clock.now())}.csv`,
        csv: toCsv(rows, CSV_COLUMNS),
        rows: rows.length,
        totalCount,
        truncated,
      };
    },

    /** SPEC §7 RPC archive_audit_logs(cutoff), in a transaction that names the actor. */
    async archive(cutoff: string, ctx: ActorContext): Promise<{ removed: number; cutoff: string }> {
      const instant = cutoffInstant(cutoff, timeZone);
      const latest = clock.now().getTime() - AUDIT_ARCHIVE_MIN_AGE_DAYS * DAY_MS;
      if (Number.isNaN(instant.getTime()) || instant.getTime() > latest) {
        throw badRequest(AUDIT_MESSAGES.archiveTooRecent, [
          { path: 'cutoff', message: AUDIT_MESSAGES.archiveTooRecent },
        ]);
      }
      const removed = await ctx.transaction((tx) => archiveAuditLogs(tx, instant));
      return { removed, cutoff: instant.toISOString() };
    },
  };
}

export type AuditLogsService = ReturnType<typeof createAuditLogsService>;
