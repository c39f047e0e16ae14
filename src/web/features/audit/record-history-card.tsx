import { useState } from 'react';
import { auditActionLabel, hasRoleAtLeast } from '../../../domain/constants';
import { DATE_FORMATS, formatDate } from '../../../domain/format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useCurrentUser } from '../auth/get-session';
import { AuditLogDialog, severityVariant, type AuditDetail } from './audit-log-dialog';
import type { AuditRecordTable } from '../../../domain/schemas/audit-log.schema';
import { useRecordHistory } from './get-record-history';

/** SPEC §2: changed fields, the first 3 then "+N more". */
export function changedFieldsLabel(fields: readonly string[] | null): string {
  if (!fields || fields.length === 0) return '';
  const shown = fields.slice(0, 3).join(', ');
  return fields.length > 3 ? `${shown} +${fields.length - 3} more` : shown;
}

export interface AuditCardProps {
  entries: AuditDetail[] | undefined;
  pending: boolean;
  error: Error | null;
  /** "booking", "payment", "guest". */
  recordLabel: string;
}

/**
 * SPEC §2 and §6: a record's last 50 audit entries, for managers and above, each opening the
 * Audit Trail's detail dialog. SPEC §8: on error the related list falls back to empty, with a note.
 */
export function AuditCard({ entries, pending, error, recordLabel }: AuditCardProps) {
  const [selected, setSelected] = useState<AuditDetail | null>(null);
  return (
    <Card className="print:hidden">
      <CardHeader>
        <CardTitle>History</CardTitle>
        <CardDescription>The last 50 changes to this {recordLabel}, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {pending ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading the history...</span>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : error ? (
          <p className="text-sm text-muted-foreground">
            Failed to load audit logs: {error.message}
          </p>
        ) : !entries || entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No changes recorded yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label={`History of this ${recordLabel}`}>
            {entries.map((entry) => (
              <li
                key={entry.audit_id}
                className="grid gap-1 border-l-2 border-sea-200 pl-3 text-sm"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">
                    {auditActionLabel(entry.event_type ?? entry.action)}
                  </span>
                  {entry.severity !== 'INFO' ? (
                    <Badge variant={severityVariant(entry.severity)}>{entry.severity}</Badge>
                  ) : null}
                  <time dateTime={entry.created_at} className="text-muted-foreground">
                    {formatDate(entry.created_at, DATE_FORMATS.withTime)}
                  </time>
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto p-0"
                    onClick={() => setSelected(entry)}
                  >
                    Details
                    <span className="sr-only">
                      {' '}
                      of the change on {formatDate(entry.created_at, DATE_FORMATS.withTime)}
                    </span>
                  </Button>
                </div>
                <div className="text-muted-foreground">
                  {entry.user_email ? `by ${entry.user_email}` : 'by the system or a guest'}
                  {entry.changed_fields && entry.action === 'UPDATE'
                    ? ` · changed ${changedFieldsLabel(entry.changed_fields)}`
                    : ''}
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
      <AuditLogDialog entry={selected} onOpenChange={(open) => !open && setSelected(null)} />
    </Card>
  );
}

/**
 * The history card of a unit, guest, payment or expense page: loads the record's last 50 entries
 * for managers and above and shows nothing to others (SPEC §6). `ready` holds the request back
 * until the record itself has loaded.
 */
export function RecordHistoryCard({
  table,
  recordId,
  recordLabel,
  ready = true,
}: {
  table: AuditRecordTable;
  recordId: string;
  recordLabel: string;
  ready?: boolean;
}) {
  const user = useCurrentUser();
  const isManager = hasRoleAtLeast(user?.role, 'manager');
  const history = useRecordHistory(table, recordId, isManager && ready);
  if (!isManager) return null;
  return (
    <AuditCard
      entries={history.data}
      pending={history.isPending}
      error={history.error}
      recordLabel={recordLabel}
    />
  );
}
