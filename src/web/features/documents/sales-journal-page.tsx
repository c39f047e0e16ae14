import { Link } from '@tanstack/react-router';
import { Download, FileSpreadsheet } from 'lucide-react';
import { useCallback } from 'react';
import { hasRoleAtLeast } from '../../../domain/constants';
import { DOCUMENT_KINDS } from '../../../domain/documents';
import { formatCurrency, formatDate } from '../../../domain/format';
import type { SalesJournalDto } from '../../../domain/schemas/document.schema';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { DatePicker } from '../../components/ui/date-picker';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { InlineAlert, LoadFailedAlert } from '../../components/ui/inline-alert';
import { PageHeader } from '../../components/ui/page-header';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { resortToday } from '../../lib/resort-today';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { definedOnly } from '../units/units-search';
import { DOCUMENT_KIND_LABELS } from './document-labels';
import { salesJournalExportUrl, useSalesJournal } from './get-sales-journal';
import { journalRange } from './sales-journal-search';
import type { SalesJournalSearch } from './sales-journal-search';

const KIND_FILTERS = DOCUMENT_KINDS.map((kind) => ({
  value: kind,
  label: DOCUMENT_KIND_LABELS[kind],
}));

/** The money columns, in the order the BIR's VAT return reads them. */
const AMOUNT_COLUMNS = [
  ['vatable_sales', 'VATable'],
  ['vat_exempt_sales', 'VAT-exempt'],
  ['zero_rated_sales', 'Zero-rated'],
  ['vat_amount', 'VAT'],
  ['total', 'Total'],
] as const;

/** The journal as files for the accountant. */
const EXPORTS = [
  { format: 'csv', label: 'Download CSV', icon: FileSpreadsheet },
  { format: 'pdf', label: 'Download PDF', icon: Download },
] as const;

export interface SalesJournalPageProps {
  search: SalesJournalSearch;
  onSearchChange: (next: SalesJournalSearch) => void;
}

/**
 * Issue 20 point 5 (managers and up): the documents issued in a date range, what the accountant
 * needs for the monthly and quarterly VAT returns, with totals, a gap check and CSV and PDF files.
 */
export function SalesJournalPage({ search, onSearchChange }: SalesJournalPageProps) {
  useDocumentTitle('Sales Journal');
  const user = useCurrentUser();
  const { timezone } = usePublicSettings();
  const today = resortToday(timezone);
  const range = journalRange(search, today);
  const query = { ...range, ...(search.kind ? { kind: search.kind } : {}) };
  const allowed = hasRoleAtLeast(user?.role, 'manager');
  const setFilters = useCallback(
    (change: Partial<SalesJournalSearch>) => onSearchChange(definedOnly({ ...search, ...change })),
    [onSearchChange, search],
  );

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader
        title="Sales Journal"
        description="Every receipt and invoice issued in a period, for the VAT returns."
        actions={
          allowed ? (
            <div className="flex flex-wrap gap-2">
              {EXPORTS.map(({ format, label, icon: Icon }) => (
                <a
                  key={format}
                  href={salesJournalExportUrl(query, format)}
                  download
                  className={buttonVariants({ variant: 'outline' })}
                >
                  <Icon aria-hidden="true" />
                  {label}
                </a>
              ))}
            </div>
          ) : null
        }
      />

      {allowed ? (
        <>
          <Card>
            <CardContent className="grid grid-cols-2 gap-x-3 gap-y-4 pt-5 sm:pt-6 lg:grid-cols-3">
              <h2 className="sr-only">Period</h2>
              <Field label="From">
                <DatePicker
                  value={range.from}
                  max={range.to}
                  onChange={(event) => setFilters({ from: event.target.value || undefined })}
                />
              </Field>
              <Field label="To">
                <DatePicker
                  value={range.to}
                  min={range.from}
                  onChange={(event) => setFilters({ to: event.target.value || undefined })}
                />
              </Field>
              <Field label="Kind" className="col-span-2 lg:col-span-1">
                <Select
                  placeholder="Receipts and invoices"
                  options={KIND_FILTERS}
                  value={search.kind ?? ''}
                  onChange={(event) =>
                    setFilters({
                      kind: (event.target.value || undefined) as SalesJournalSearch['kind'],
                    })
                  }
                />
              </Field>
            </CardContent>
          </Card>
          <JournalBody query={query} />
        </>
      ) : (
        <InlineAlert tone="error" title="You do not have permission to read the sales journal">
          The sales journal is for managers, owners and administrators.
        </InlineAlert>
      )}
    </div>
  );
}

function JournalBody({ query }: { query: Parameters<typeof useSalesJournal>[0] }) {
  const journal = useSalesJournal(query);
  if (journal.isError && !journal.data) {
    return (
      <LoadFailedAlert
        title="Failed to load the sales journal"
        error={journal.error}
        onRetry={() => void journal.refetch()}
      />
    );
  }
  if (journal.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <span role="status" className="sr-only">
          Loading the sales journal...
        </span>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    );
  }
  const data = journal.data;
  return (
    <div className="grid min-w-0 gap-6" aria-busy={journal.isFetching}>
      <GapCheck gaps={data.gaps} />
      {data.documents.length === 0 ? (
        <EmptyState
          icon={FileSpreadsheet}
          title="No documents in this period"
          description="Receipts and invoices issued from the bookings' pages are listed here."
        />
      ) : (
        <JournalTable data={data} />
      )}
    </div>
  );
}

function GapCheck({ gaps }: { gaps: readonly string[] }) {
  return (
    <section aria-labelledby="gap-check-title" className="grid gap-2">
      <h2 id="gap-check-title" className="text-base font-semibold">
        Gap check
      </h2>
      {gaps.length === 0 ? (
        <InlineAlert tone="success" title="No missing numbers">
          Every number of each series is accounted for, void ones included.
        </InlineAlert>
      ) : (
        <InlineAlert tone="error" title={`Missing numbers: ${gaps.length}`}>
          <ul className="flex flex-wrap gap-x-3" aria-label="Missing numbers">
            {gaps.map((gap) => (
              <li key={gap}>{gap}</li>
            ))}
          </ul>
        </InlineAlert>
      )}
    </section>
  );
}

function JournalTable({ data }: { data: SalesJournalDto }) {
  const { totals } = data;
  return (
    <section aria-labelledby="journal-title" className="grid min-w-0 gap-2">
      <h2 id="journal-title" className="text-base font-semibold">
        Documents {formatDate(data.from)} – {formatDate(data.to)}
      </h2>
      <Table label="Sales journal" className="whitespace-nowrap">
        <TableHeader>
          <TableRow>
            <TableHead>Number</TableHead>
            <TableHead>Date</TableHead>
            <TableHead>Booking</TableHead>
            <TableHead>Buyer</TableHead>
            {AMOUNT_COLUMNS.map(([key, label]) => (
              <TableHead key={key} className="text-right">
                {label}
              </TableHead>
            ))}
            <TableHead>Status</TableHead>
            <TableHead>Booklet serial</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.documents.map((document) => (
            <TableRow key={document.document_id} data-testid="journal-row">
              <TableCell className="font-medium">{document.display_number}</TableCell>
              <TableCell>{formatDate(document.issue_date)}</TableCell>
              <TableCell>
                <Link
                  to="/bookings/$bookingId"
                  params={{ bookingId: document.booking_id }}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {document.booking_reference}
                </Link>
              </TableCell>
              <TableCell className="max-w-48 truncate" title={document.buyer_name}>
                {document.buyer_name}
              </TableCell>
              {AMOUNT_COLUMNS.map(([key]) => (
                <TableCell
                  key={key}
                  className={
                    document.status === 'void'
                      ? 'text-right text-muted-foreground tabular-nums line-through'
                      : 'text-right tabular-nums'
                  }
                >
                  {formatCurrency(document[key])}
                </TableCell>
              ))}
              <TableCell>
                {document.status === 'void' ? (
                  <Badge variant="destructive" title={document.void_reason ?? undefined}>
                    VOID
                  </Badge>
                ) : (
                  <Badge variant="secondary">Issued</Badge>
                )}
              </TableCell>
              <TableCell>{document.booklet_serial ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableHead scope="row" colSpan={4}>
              Totals ({totals.count} issued
              {totals.void_count > 0 ? `, ${totals.void_count} void` : ''})
            </TableHead>
            {AMOUNT_COLUMNS.map(([key]) => (
              <TableCell key={key} className="text-right font-semibold tabular-nums">
                {formatCurrency(totals[key])}
              </TableCell>
            ))}
            <TableCell colSpan={2} />
          </TableRow>
        </TableFooter>
      </Table>
    </section>
  );
}
