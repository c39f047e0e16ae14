import {
  Activity,
  ChevronDown,
  ChevronRight,
  Copy,
  Database,
  Download,
  Eye,
  Filter,
  History,
  RotateCcw,
  User,
  X,
} from 'lucide-react';
import { Fragment, useEffect, useId, useState, type ReactNode } from 'react';
import { auditActionLabel } from '../../../domain/constants';
import { todayInZone } from '../../../domain/dates';
import { DATE_FORMATS, formatDate } from '../../../domain/format';
import { ErrorScreen } from '../../components/errors/error-screen';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { DatePicker } from '../../components/ui/date-picker';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TableSkeleton } from '../../components/ui/table-skeleton';
import { SearchForm } from '../../components/ui/search-form';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { ArchiveDialog } from './archive-dialog';
import { AuditLogDialog, severityVariant } from './audit-log-dialog';
import {
  AUDIT_ACTION_OPTIONS,
  AUDIT_EVENT_OPTIONS,
  AUDIT_PAGE_SIZE,
  AUDIT_TABLE_OPTIONS,
  isAuditFiltered,
  dateRangeMessage,
  quickFilters,
  sameSearch,
  type AuditLogsSearch,
} from './audit-logs-search';
import type { AuditLogDto as AuditLog } from '../../../domain/schemas/audit-log.schema';
import { AuditValue } from './audit-value';
import { useExportAuditCsv } from './export-audit-csv';
import { useAuditLogs } from './get-audit-logs';
import { useAuditStats } from './get-audit-stats';
import { changedFieldsLabel } from './record-history-card';

export interface AuditLogsPageProps {
  search: AuditLogsSearch;
  onSearchChange: (next: AuditLogsSearch) => void;
}

/** An option list that also holds a value from a shared link that the list does not name. */
function withCurrent(
  options: readonly string[],
  current: string | undefined,
  label = (v: string) => v,
) {
  const values = current && !options.includes(current) ? [current, ...options] : options;
  return values.map((value) => ({ value, label: label(value) }));
}

/**
 * SPEC §2 Audit Trail (owners and administrators): statistics, filters kept in the URL, quick
 * filters, the logs table with expandable rows and a detail dialog, CSV export and pagination.
 */
export function AuditLogsPage({ search, onSearchChange }: AuditLogsPageProps) {
  useDocumentTitle('Audit Trail');
  const [filtersShown, setFiltersShown] = useState(true);
  const [selected, setSelected] = useState<AuditLog | null>(null);
  const settings = usePublicSettings();
  const today = todayInZone(settings.timezone);
  const query = useAuditLogs(search);
  const exportCsv = useExportAuditCsv();
  const filtersId = useId();

  const update = (changes: Partial<AuditLogsSearch>) => {
    const next: AuditLogsSearch = { ...search, ...changes };
    if (!('page' in changes)) delete next.page;
    for (const key of Object.keys(next) as (keyof AuditLogsSearch)[]) {
      if (next[key] === undefined || next[key] === '') delete next[key];
    }
    onSearchChange(next);
  };

  const runExport = () =>
    exportCsv.mutate(search, {
      onSuccess: (file) => {
        if (file.truncated) {
          toast.warning(
            `Exported the newest 10,000 of ${file.rows.toLocaleString('en-PH')} entries to ${file.filename}. Narrow the filters to export the rest.`,
          );
        } else {
          toast.success(
            `Exported ${file.rows.toLocaleString('en-PH')} entries to ${file.filename}`,
          );
        }
      },
    });

  const totalPages = query.data ? Math.max(1, query.data.totalPages) : 1;
  const currentPage = query.data ? Math.min(query.data.currentPage, totalPages) : 1;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Audit Trail"
        description="Every change to bookings, cabins, guests, payments, expenses and settings, and every sign-in, with who did it and when. Visible to owners and administrators."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              aria-expanded={filtersShown}
              aria-controls={filtersId}
              onClick={() => setFiltersShown((shown) => !shown)}
            >
              <Filter aria-hidden="true" />
              {filtersShown ? 'Hide Filters' : 'Show Filters'}
            </Button>
            <ArchiveDialog today={today} />
            <Button onClick={runExport} disabled={exportCsv.isPending}>
              <Download aria-hidden="true" />
              {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
            </Button>
          </div>
        }
      />

      <AuditStatsCards />

      <div role="group" aria-label="Quick filters" className="flex flex-wrap gap-2">
        {quickFilters(today).map((quick) => {
          const active = sameSearch({ ...search, page: undefined }, quick.search);
          return (
            <Button
              key={quick.label}
              size="sm"
              variant={active ? 'default' : 'outline'}
              aria-pressed={active}
              onClick={() => onSearchChange(quick.search)}
            >
              {quick.label}
            </Button>
          );
        })}
      </div>

      {filtersShown ? (
        <AuditFilters
          id={filtersId}
          search={search}
          onChange={update}
          onClear={() => onSearchChange({})}
        />
      ) : null}

      {query.isPending ? (
        <TableSkeleton label="Loading audit logs..." rows={8} />
      ) : query.isError ? (
        <ErrorScreen
          variant="section"
          title="Audit logs could not be loaded"
          description={`Failed to load audit logs: ${query.error.message}`}
          actions={
            <Button onClick={() => void query.refetch()}>
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
          }
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={History}
          title="No audit logs found"
          description={
            isAuditFiltered(search)
              ? 'No entry matches these filters.'
              : 'Nothing has been recorded yet.'
          }
          action={
            isAuditFiltered(search) ? (
              <Button variant="outline" onClick={() => onSearchChange({})}>
                <X aria-hidden="true" />
                Clear Filters
              </Button>
            ) : null
          }
        />
      ) : (
        <div className="grid grid-cols-1 gap-4" aria-busy={query.isFetching || undefined}>
          <AuditLogsTable logs={query.data.data} onView={setSelected} />
          <div className="grid gap-2">
            <p className="text-center text-sm font-medium sm:text-left" aria-live="polite">
              Page {currentPage} of {totalPages}
            </p>
            <Pagination
              page={currentPage}
              total={query.data.totalCount}
              pageSize={AUDIT_PAGE_SIZE}
              itemLabel="entries"
              onPageChange={(page) => update({ page: page > 1 ? page : undefined })}
            />
          </div>
        </div>
      )}

      <AuditLogDialog entry={selected} onOpenChange={(open) => !open && setSelected(null)} />
    </div>
  );
}

function StatCard({
  title,
  value,
  description,
  icon: Icon,
}: {
  title: string;
  value: ReactNode;
  description: string;
  icon: typeof Activity;
}) {
  return (
    <Card>
      <CardContent className="grid gap-1 pt-5 sm:pt-6">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
          <Icon aria-hidden="true" className="size-4 text-sea-700" />
        </div>
        <div
          className="truncate text-xl font-bold"
          title={typeof value === 'string' ? value : undefined}
        >
          {value}
        </div>
        <p className="text-xs text-muted-foreground">{description}</p>
      </CardContent>
    </Card>
  );
}

/** SPEC §2: Total Logs, Most Active Table, Most Common Action, Most Active User. */
function AuditStatsCards() {
  const stats = useAuditStats();
  if (stats.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
        <span role="status" className="sr-only">
          Loading statistics...
        </span>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-28" />
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return (
      <p className="text-sm text-muted-foreground">
        Statistics could not be loaded: {stats.error.message}
      </p>
    );
  }
  const { totalLogs, byTable, byAction, byUser } = stats.data;
  const table = byTable[0];
  const action = byAction[0];
  const user = byUser[0];
  return (
    <section
      aria-label="Audit statistics"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
    >
      <StatCard
        title="Total Logs"
        value={totalLogs.toLocaleString('en-PH')}
        description="Entries kept in the trail"
        icon={Activity}
      />
      <StatCard
        title="Most Active Table"
        value={table ? table.table_name : '—'}
        description={table ? `${table.count.toLocaleString('en-PH')} entries` : 'No entries yet'}
        icon={Database}
      />
      <StatCard
        title="Most Common Action"
        value={action ? auditActionLabel(action.action) : '—'}
        description={action ? `${action.count.toLocaleString('en-PH')} times` : 'No entries yet'}
        icon={History}
      />
      <StatCard
        title="Most Active User"
        value={user ? user.user_email : '—'}
        description={
          user
            ? `${user.count.toLocaleString('en-PH')} entries in the last 7 days`
            : 'Nobody in the last 7 days'
        }
        icon={User}
      />
    </section>
  );
}

type DateRangeDraft = {
  from: string;
  to: string;
  error: { field: 'from' | 'to'; message: string } | null;
};

function rangeDraftOf(search: Pick<AuditLogsSearch, 'from' | 'to'>): DateRangeDraft {
  return { from: search.from ?? '', to: search.to ?? '', error: null };
}

function AuditFilters({
  id,
  search,
  onChange,
  onClear,
}: {
  id: string;
  search: AuditLogsSearch;
  onChange: (changes: Partial<AuditLogsSearch>) => void;
  onClear: () => void;
}) {
  // The dates as typed. A From after To stays here with its message at the field just changed
  // and is never sent: the list keeps the last valid range (the server would refuse it: 400).
  const [range, setRange] = useState<DateRangeDraft>(() => rangeDraftOf(search));
  useEffect(() => {
    setRange(rangeDraftOf({ from: search.from, to: search.to }));
  }, [search.from, search.to]);
  const changeRange = (field: 'from' | 'to', value: string) => {
    const next = { ...range, [field]: value };
    const message = dateRangeMessage(next.from, next.to, field);
    setRange({ ...next, error: message ? { field, message } : null });
    if (!message) onChange({ from: next.from || undefined, to: next.to || undefined });
  };

  return (
    <Card id={id}>
      <CardContent className="grid gap-4 pt-5 sm:grid-cols-2 sm:pt-6 lg:grid-cols-4">
        <Field label="Table">
          <Select
            value={search.table_name ?? ''}
            placeholder="All tables"
            options={withCurrent(AUDIT_TABLE_OPTIONS, search.table_name)}
            onChange={(event) => onChange({ table_name: event.target.value || undefined })}
          />
        </Field>
        <Field label="Source">
          <Select
            value={search.source ?? ''}
            placeholder="All sources"
            options={[
              { value: 'db', label: 'Database (db)' },
              { value: 'app', label: 'Application (app)' },
            ]}
            onChange={(event) =>
              onChange({ source: (event.target.value || undefined) as AuditLogsSearch['source'] })
            }
          />
        </Field>
        <Field label="Action">
          <Select
            value={search.action ?? ''}
            placeholder="All actions"
            options={withCurrent(AUDIT_ACTION_OPTIONS, search.action)}
            onChange={(event) => onChange({ action: event.target.value || undefined })}
          />
        </Field>
        <Field label="Event type">
          <Select
            value={search.event_type ?? ''}
            placeholder="All events"
            options={withCurrent(AUDIT_EVENT_OPTIONS, search.event_type, auditActionLabel)}
            onChange={(event) => onChange({ event_type: event.target.value || undefined })}
          />
        </Field>
        <Field label="From" error={range.error?.field === 'from' ? range.error.message : undefined}>
          <DatePicker
            value={range.from}
            max={range.to || undefined}
            onChange={(event) => changeRange('from', event.target.value)}
          />
        </Field>
        <Field label="To" error={range.error?.field === 'to' ? range.error.message : undefined}>
          <DatePicker
            value={range.to}
            min={range.from || undefined}
            onChange={(event) => changeRange('to', event.target.value)}
          />
        </Field>
        <SearchForm
          label="User e-mail"
          value={search.user_email}
          onSearch={(email) => onChange({ user_email: email })}
          maxLength={254}
          placeholder="Part of an e-mail address"
          icon={false}
          className="sm:col-span-2"
        />
        <div className="sm:col-span-2 lg:col-span-4">
          <Button variant="ghost" size="sm" onClick={onClear} disabled={!isAuditFiltered(search)}>
            <X aria-hidden="true" />
            Clear Filters
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** A table name that may break after its underscores only ("availability_ blackouts"). */
function TableName({ name }: { name: string }) {
  const parts = name.split('_');
  return (
    <span className="whitespace-nowrap">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? (
            <>
              _<wbr />
            </>
          ) : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/**
 * Record ids are UUIDs: the first characters show, cut with an ellipsis by CSS (the text stays the
 * whole id, for find-in-page and copying by hand), with the whole id in the title and a copy button.
 */
function RecordIdCell({ id }: { id: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      toast.success('Record ID copied');
    } catch {
      toast.info(`Record ID: ${id}`);
    }
  };
  return (
    <span className="inline-flex items-center gap-1">
      <span className="block max-w-[9ch] truncate font-mono text-xs" title={id} data-record-id={id}>
        {id}
      </span>
      {id.length > 8 ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Copy record ID ${id}`}
          onClick={() => void copy()}
        >
          <Copy aria-hidden="true" />
        </Button>
      ) : null}
    </span>
  );
}

function AuditLogsTable({ logs, onView }: { logs: AuditLog[]; onView: (log: AuditLog) => void }) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Table
      label="Audit logs"
      containerClassName="relative"
      // Narrower cell padding than other tables: nine columns share 1366 px.
      className="[&_td]:px-3 [&_th]:px-3"
    >
      <TableHeader>
        <TableRow>
          <TableHead className="w-10">
            <span className="sr-only">Expand</span>
          </TableHead>
          <TableHead>Timestamp</TableHead>
          <TableHead>User</TableHead>
          <TableHead>Table</TableHead>
          <TableHead>Action</TableHead>
          <TableHead>Source</TableHead>
          <TableHead>Record ID</TableHead>
          <TableHead>Changed Fields</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {logs.map((log) => {
          const open = expanded.has(log.audit_id);
          const when = formatDate(log.created_at, DATE_FORMATS.withTime);
          const detailsId = `audit-details-${log.audit_id}`;
          return (
            <Fragment key={log.audit_id}>
              <TableRow data-audit-id={log.audit_id}>
                <TableCell className="px-2">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-expanded={open}
                    aria-controls={open ? detailsId : undefined}
                    aria-label={`${open ? 'Collapse' : 'Expand'} the entry of ${when}`}
                    onClick={() => toggle(log.audit_id)}
                  >
                    {open ? (
                      <ChevronDown aria-hidden="true" />
                    ) : (
                      <ChevronRight aria-hidden="true" />
                    )}
                  </Button>
                </TableCell>
                <TableCell>
                  {/* The date and the time may sit on two lines, so the row fits 1366 px. */}
                  <time dateTime={log.created_at}>
                    <span className="whitespace-nowrap">{formatDate(log.created_at)}</span>{' '}
                    <span className="whitespace-nowrap">{formatDate(log.created_at, 'HH:mm')}</span>
                  </time>
                </TableCell>
                <TableCell className="max-w-40 truncate" title={log.user_email ?? undefined}>
                  {log.user_email ?? <span className="text-muted-foreground">System</span>}
                </TableCell>
                <TableCell>
                  <TableName name={log.table_name} />
                </TableCell>
                <TableCell>
                  <span className="grid">
                    <span className="font-medium">{log.action}</span>
                    {log.event_type && log.event_type !== log.action ? (
                      <span className="text-xs text-muted-foreground">
                        {auditActionLabel(log.event_type)}
                      </span>
                    ) : null}
                  </span>
                </TableCell>
                <TableCell>
                  <Badge variant="outline">{log.source}</Badge>
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {log.record_id ? <RecordIdCell id={log.record_id} /> : '—'}
                </TableCell>
                <TableCell className="min-w-24 [overflow-wrap:anywhere]">
                  {changedFieldsLabel(log.changed_fields) || '—'}
                </TableCell>
                <TableCell>
                  <Button variant="outline" size="sm" onClick={() => onView(log)}>
                    <Eye aria-hidden="true" />
                    View
                    <span className="sr-only"> the entry of {when}</span>
                  </Button>
                </TableCell>
              </TableRow>
              {open ? (
                <TableRow id={detailsId} className="bg-sand-50 hover:bg-sand-50">
                  <TableCell colSpan={9}>
                    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
                      <dt className="font-medium text-muted-foreground">Description</dt>
                      <dd>
                        <AuditValue value={log.description} mono={false} />
                      </dd>
                      <dt className="font-medium text-muted-foreground">Category</dt>
                      <dd>{log.category ?? '—'}</dd>
                      <dt className="font-medium text-muted-foreground">Severity</dt>
                      <dd>
                        <Badge variant={severityVariant(log.severity)}>{log.severity}</Badge>
                      </dd>
                      <dt className="font-medium text-muted-foreground">IP Address</dt>
                      <dd>{log.ip_address ?? '—'}</dd>
                      <dt className="font-medium text-muted-foreground">Metadata</dt>
                      <dd>
                        <AuditValue value={log.metadata} />
                      </dd>
                    </dl>
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}
