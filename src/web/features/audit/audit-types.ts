/** DESIGN §5 /api/audit-logs answers (SPEC §3 audit log fields). */
export interface AuditLog {
  audit_id: string;
  created_at: string;
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
}

/** SPEC §7: the audit list's result. */
export interface AuditLogList {
  data: AuditLog[];
  totalCount: number;
  totalPages: number;
  currentPage: number;
  hasMore: boolean;
  next_cursor: string | null;
}

export interface AuditStats {
  totalLogs: number;
  byTable: { table_name: string; count: number }[];
  byAction: { action: string; count: number }[];
  byUser: { user_email: string; count: number }[];
  since: string;
}

/** The tables with a detail page and a history card (SPEC §2). */
export type AuditRecordTable =
  'units' | 'guests' | 'bookings' | 'payments' | 'expenses' | 'availability_blackouts';
