import type { AppDb, AppTx, Database } from '../db/client';
import { auditLogs } from '../db/schema';

export type NewAppAuditRow = {
  table_name: string;
  record_id: string | null;
  correlation_id: string | null;
  action: string;
  event_type: string | null;
  user_id: string | null;
  user_email: string | null;
  user_role: string | null;
  old_data: unknown;
  new_data: unknown;
  changed_fields: string[] | null;
  description: string;
  category: string;
  severity: string;
  metadata: unknown;
  ip_address: string | null;
  user_agent: string | null;
};

/** Appends one application-written row (source 'app', SPEC §3) and returns its id. */
export async function insertAppAuditRow(db: AppDb | AppTx, row: NewAppAuditRow): Promise<string> {
  const [inserted] = await db
    .insert(auditLogs)
    .values({ ...row, source: 'app' })
    .returning({ audit_id: auditLogs.audit_id });
  return inserted!.audit_id;
}

/** How many rows the audit trail holds. */
export async function countAuditRows(database: Database): Promise<number> {
  const [row] = await database.query<{ rows: number }>(
    'SELECT count(*)::int AS rows FROM audit_logs',
  );
  return Number(row?.rows ?? 0);
}

/** The first row where the hash chain breaks (migration 0004 audit_verify_chain), if any. */
export async function findFirstBrokenAuditLink(
  database: Database,
): Promise<{ audit_id: string; chain_position: string | number; problem: string } | undefined> {
  const [broken] = await database.query<{
    audit_id: string;
    chain_position: string | number;
    problem: string;
  }>('SELECT * FROM audit_verify_chain()');
  return broken;
}
