import { useState, type ReactNode } from 'react';
import { auditActionLabel } from '../../../domain/constants';
import { DATE_FORMATS, formatDate } from '../../../domain/format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import type { AuditLogDto } from '../../../domain/schemas/audit-log.schema';
import type { AuditEntryDto } from '../../../domain/schemas/booking.schema';
import { cn } from '../../lib/cn';
import { AuditValue, REDACTED_LABEL, isRedacted } from './audit-value';

/**
 * What the dialog needs of an entry: the booking page's entries (GET /api/bookings/:id/audit)
 * carry what every entry has; the audit log's (GET /api/audit-logs) carry the rest too.
 */
export type AuditDetail = AuditEntryDto &
  Partial<
    Pick<
      AuditLogDto,
      'user_role' | 'table_name' | 'record_id' | 'source' | 'category' | 'ip_address' | 'metadata'
    >
  >;

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function severityVariant(severity: string) {
  if (severity === 'CRITICAL') return 'destructive' as const;
  if (severity === 'WARNING') return 'secondary' as const;
  return 'outline' as const;
}

/**
 * SPEC §2: the entry's user, action, record id, IP address, description and changed fields, then
 * the new or deleted record, or a Before/After comparison with the changed fields highlighted.
 */
export function AuditLogDialog({
  entry,
  onOpenChange,
}: {
  entry: AuditDetail | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={entry !== null} onOpenChange={onOpenChange}>
      {entry ? (
        <DialogContent size="xl">
          <DialogHeader>
            <DialogTitle>Audit Log Details</DialogTitle>
            <DialogDescription>
              {auditActionLabel(entry.event_type ?? entry.action)} on{' '}
              {formatDate(entry.created_at, DATE_FORMATS.withTime)}
            </DialogDescription>
          </DialogHeader>
          <AuditDetailBody entry={entry} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function AuditDetailBody({ entry }: { entry: AuditDetail }) {
  const before = asRecord(entry.old_data);
  const after = asRecord(entry.new_data);
  const facts: [string, ReactNode][] = [
    [
      'User',
      entry.user_email
        ? `${entry.user_email}${entry.user_role ? ` (${entry.user_role})` : ''}`
        : 'System or guest',
    ],
    ['Action', entry.action],
    ...(entry.table_name ? [['Table', entry.table_name] as [string, string]] : []),
    ['Record ID', entry.record_id ?? '—'],
    ['IP Address', entry.ip_address ?? '—'],
    [
      'Severity',
      <Badge key="severity" variant={severityVariant(entry.severity)}>
        {entry.severity}
      </Badge>,
    ],
    ['Description', <AuditValue key="description" value={entry.description} mono={false} />],
  ];
  return (
    <div className="grid gap-5">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-muted-foreground">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
        <dt className="font-medium text-muted-foreground">Changed Fields</dt>
        <dd>
          {entry.changed_fields && entry.changed_fields.length > 0 ? (
            <ul className="flex flex-wrap gap-1" aria-label="Changed fields">
              {entry.changed_fields.map((field) => (
                <li key={field}>
                  <Badge variant="secondary">{field}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            '—'
          )}
        </dd>
      </dl>
      {before && after ? (
        <Comparison before={before} after={after} changed={entry.changed_fields ?? []} />
      ) : after ? (
        <RecordFields title="New Record" record={after} />
      ) : before ? (
        <RecordFields title="Deleted Record" record={before} />
      ) : null}
      {entry.metadata !== undefined && entry.metadata !== null ? (
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold">Metadata</h3>
          <AuditValue value={entry.metadata} />
        </section>
      ) : null}
    </div>
  );
}

function Comparison({
  before,
  after,
  changed,
}: {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  changed: string[];
}) {
  const [showAll, setShowAll] = useState(false);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  // The entry's own list decides what is highlighted (the triggers leave out updated_at); an
  // entry without one falls back to comparing the values.
  const isChanged = (key: string) =>
    changed.length > 0 ? changed.includes(key) : !same(before[key], after[key]);
  const changedKeys = keys.filter(isChanged);
  const shown = showAll ? [...changedKeys, ...keys.filter((key) => !isChanged(key))] : changedKeys;
  return (
    <section className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Before / After</h3>
        {keys.length > changedKeys.length ? (
          <Button variant="ghost" size="sm" onClick={() => setShowAll((all) => !all)}>
            {showAll ? 'Show changed fields only' : 'Show all fields'}
          </Button>
        ) : null}
      </div>
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-sm" aria-label="Before and after">
          <thead className="bg-muted/70 text-left text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Field
              </th>
              <th scope="col" className="px-3 py-2">
                Before
              </th>
              <th scope="col" className="px-3 py-2">
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((key) => {
              const highlighted = isChanged(key);
              const redacted = isRedacted(before[key]) || isRedacted(after[key]);
              return (
                <tr
                  key={key}
                  data-field={key}
                  data-changed={highlighted ? 'true' : undefined}
                  className={cn(
                    'border-t border-border align-top',
                    highlighted && 'bg-sand-100 font-medium',
                  )}
                >
                  <th scope="row" className="px-3 py-2 text-left font-mono text-xs">
                    {key}
                    {highlighted ? <span className="sr-only"> (changed)</span> : null}
                  </th>
                  {redacted && highlighted ? (
                    <td colSpan={2} className="px-3 py-2">
                      <em className="text-muted-foreground">{REDACTED_LABEL}</em>
                    </td>
                  ) : (
                    <>
                      <td className="px-3 py-2">
                        <AuditValue value={before[key]} />
                      </td>
                      <td className="px-3 py-2">
                        <AuditValue value={after[key]} />
                      </td>
                    </>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function RecordFields({ title, record }: { title: string; record: Record<string, unknown> }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="grid gap-x-4 gap-y-1 rounded-lg border border-border p-3 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        {Object.entries(record).map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-mono text-xs text-muted-foreground">{key}</dt>
            <dd>
              <AuditValue value={value} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
