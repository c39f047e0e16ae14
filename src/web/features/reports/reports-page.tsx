import { Link } from '@tanstack/react-router';
import { Printer } from 'lucide-react';
import { useCallback } from 'react';
import { BOOKING_SOURCE_LABELS, hasRoleAtLeast } from '../../../domain/constants';
import { MONTH_NAMES, addDays } from '../../../domain/dates';
import { formatCurrency, formatDate } from '../../../domain/format';
import { AGEING_LABELS } from '../../../domain/reports';
import type {
  ReportActivityDto,
  ReportBalancesDto,
  ReportFiguresDto,
  ReportMonthDto,
  ReportSummaryDto,
} from '../../../domain/schemas/report.schema';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { DatePicker } from '../../components/ui/date-picker';
import { Field } from '../../components/ui/field';
import { InlineAlert, LoadFailedAlert } from '../../components/ui/inline-alert';
import { PageHeader } from '../../components/ui/page-header';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { resortToday } from '../../lib/resort-today';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { definedOnly } from '../units/units-search';
import { useReportActivity } from './get-report-activity';
import { useReportBalances } from './get-report-balances';
import { reportExportUrl, useReportSummary, type ReportQuery } from './get-report-summary';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';
import {
  REPORT_COMPARISON_LABELS,
  REPORT_COMPARISONS,
  REPORT_PRESET_LABELS,
  REPORT_PRESETS,
  presetOf,
  presetRange,
  reportQuery,
  reportRange,
  type ReportComparison,
  type ReportPreset,
  type ReportsSearch,
} from './reports-search';

export interface ReportsPageProps {
  search: ReportsSearch;
  onSearchChange: (next: ReportsSearch) => void;
}

const PRESET_OPTIONS = REPORT_PRESETS.map((value) => ({
  value,
  label: REPORT_PRESET_LABELS[value],
}));
const COMPARISON_OPTIONS = REPORT_COMPARISONS.map((value) => ({
  value,
  label: REPORT_COMPARISON_LABELS[value],
}));

export const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
const money = (value: number) => formatCurrency(value);

/** "Jun 2027" from "2027-06". */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[number - 1]!.slice(0, 3)} ${year}`;
}

/**
 * Issue 23 (managers and up): occupancy, ADR and RevPAR, revenue by source and by cabin,
 * bookings and cancellations, balances due, expenses and the monthly profit and loss for a range
 * of nights, compared with the previous period or the same period last year. Each figure over time
 * is a chart with its numbers in a table beside it; every table downloads as CSV; the page prints.
 */
export function ReportsPage({ search, onSearchChange }: ReportsPageProps) {
  useDocumentTitle('Reports');
  const user = useCurrentUser();
  const { timezone } = usePublicSettings();
  const today = resortToday(timezone);
  const range = reportRange(search, today);
  const query = reportQuery(range);
  const compare: ReportComparison = search.compare ?? 'previous';
  const allowed = hasRoleAtLeast(user?.role, 'manager');
  const setSearch = useCallback(
    (change: Partial<ReportsSearch>) => onSearchChange(definedOnly({ ...search, ...change })),
    [onSearchChange, search],
  );

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6" data-printable>
      <PageHeader
        title="Reports"
        description="Occupancy, rates, revenue, balances and profit for a period of nights."
        actions={
          allowed ? (
            <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              Print
            </Button>
          ) : null
        }
      />
      {allowed ? (
        <>
          <Card className="print:hidden">
            <CardContent className="grid grid-cols-2 gap-x-3 gap-y-4 pt-5 sm:pt-6 lg:grid-cols-4">
              <h2 className="sr-only">Period</h2>
              <Field label="Period" className="col-span-2 lg:col-span-1">
                <Select
                  placeholder="Custom dates"
                  options={PRESET_OPTIONS}
                  value={presetOf(range, today)}
                  onChange={(event) => {
                    const preset = event.target.value as ReportPreset | '';
                    if (preset) setSearch(presetRange(preset, today));
                  }}
                />
              </Field>
              <Field label="First night">
                <DatePicker
                  value={range.from}
                  max={range.to}
                  onChange={(event) => setSearch({ from: event.target.value || undefined })}
                />
              </Field>
              <Field label="Last night">
                <DatePicker
                  value={range.to}
                  min={range.from}
                  onChange={(event) => setSearch({ to: event.target.value || undefined })}
                />
              </Field>
              <Field label="Compare with" className="col-span-2 lg:col-span-1">
                <Select
                  options={COMPARISON_OPTIONS}
                  value={compare}
                  onChange={(event) =>
                    setSearch({ compare: event.target.value as ReportComparison })
                  }
                />
              </Field>
            </CardContent>
          </Card>
          <p className="text-sm text-muted-foreground">
            Nights of {formatDate(range.from)} to {formatDate(range.to)}, compared with the{' '}
            {REPORT_COMPARISON_LABELS[compare].toLowerCase()}. Money is net of VAT and local tax.
          </p>
          <SummarySection query={query} compare={compare} />
          <ActivitySection query={query} />
          <BalancesSection query={query} />
        </>
      ) : (
        <InlineAlert tone="error" title="You do not have permission to view reports">
          Reports are for managers, owners and administrators.
        </InlineAlert>
      )}
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="grid gap-2" aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}

function change(current: number, before: number): string {
  if (before === 0) return current === 0 ? 'no change' : 'new';
  const percentChange = ((current - before) / Math.abs(before)) * 100;
  return `${percentChange >= 0 ? '+' : ''}${percentChange.toFixed(1)}%`;
}

const KPIS: readonly {
  key: keyof ReportFiguresDto;
  label: string;
  format: (value: number) => string;
}[] = [
  { key: 'occupancy', label: 'Occupancy', format: percent },
  { key: 'adr', label: 'ADR', format: money },
  { key: 'revpar', label: 'RevPAR', format: money },
  { key: 'room_revenue', label: 'Room revenue', format: money },
  { key: 'total_revenue', label: 'Total revenue', format: money },
  { key: 'room_nights_sold', label: 'Room nights sold', format: (value) => String(value) },
];

function SummarySection({ query, compare }: { query: ReportQuery; compare: ReportComparison }) {
  const summary = useReportSummary(query);
  if (summary.isError && !summary.data) {
    return (
      <LoadFailedAlert
        title="Failed to load the report"
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  if (summary.isPending) return <Loading label="Loading the report..." />;
  const data = summary.data;
  const other = compare === 'previous' ? data.comparison.previous : data.comparison.last_year;
  return (
    <div className="grid min-w-0 gap-8" aria-busy={summary.isFetching}>
      <section aria-labelledby="kpi-title" className="grid gap-3">
        <h2 id="kpi-title" className="text-lg font-semibold">
          Key figures
        </h2>
        <ul className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-3">
          {KPIS.map((kpi) => (
            <li key={kpi.key}>
              <Card className="h-full break-inside-avoid">
                <CardContent className="grid gap-1 pt-4 sm:pt-5">
                  <span className="text-sm text-muted-foreground">{kpi.label}</span>
                  <span className="text-2xl font-semibold tabular-nums">
                    {kpi.format(data[kpi.key])}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {REPORT_COMPARISON_LABELS[compare]}: {kpi.format(other[kpi.key])} (
                    {change(data[kpi.key], other[kpi.key])})
                  </span>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
        <ComparisonTable data={data} query={query} />
      </section>
      <MonthlySection data={data} query={query} />
      <section aria-labelledby="revenue-title" className="grid min-w-0 gap-6">
        <h2 id="revenue-title" className="text-lg font-semibold">
          Revenue
        </h2>
        <ReportTable
          title="Revenue by source"
          rows={data.by_source}
          rowKey={(row) => row.source}
          csvUrl={reportExportUrl(query, 'by_source')}
          empty="No stays in this period."
          columns={[
            { header: 'Source', cell: (row) => BOOKING_SOURCE_LABELS[row.source] },
            { header: 'Bookings', cell: (row) => row.bookings, numeric: true },
            { header: 'Room nights', cell: (row) => row.room_nights_sold, numeric: true },
            { header: 'Rooms', cell: (row) => money(row.room_revenue), numeric: true },
            { header: 'Extras', cell: (row) => money(row.extras_revenue), numeric: true },
            { header: 'Fees', cell: (row) => money(row.fees_revenue), numeric: true },
            { header: 'Total', cell: (row) => money(row.total_revenue), numeric: true },
          ]}
        />
        <ReportTable
          title="By cabin"
          rows={data.by_unit}
          rowKey={(row) => row.unit_id}
          csvUrl={reportExportUrl(query, 'by_unit')}
          empty="No cabins yet."
          columns={[
            { header: 'Cabin', cell: (row) => row.unit_name },
            { header: 'Nights available', cell: (row) => row.room_nights_available, numeric: true },
            { header: 'Nights sold', cell: (row) => row.room_nights_sold, numeric: true },
            { header: 'Occupancy', cell: (row) => percent(row.occupancy), numeric: true },
            { header: 'ADR', cell: (row) => money(row.adr), numeric: true },
            { header: 'RevPAR', cell: (row) => money(row.revpar), numeric: true },
            { header: 'Rooms', cell: (row) => money(row.room_revenue), numeric: true },
            { header: 'Total', cell: (row) => money(row.total_revenue), numeric: true },
          ]}
        />
      </section>
    </div>
  );
}

function ComparisonTable({ data, query }: { data: ReportSummaryDto; query: ReportQuery }) {
  const periods = [
    { name: 'Selected period', figures: data as ReportFiguresDto, from: data.from, to: data.to },
    { name: 'Previous period', figures: data.comparison.previous, ...data.comparison.previous },
    {
      name: 'Same period last year',
      figures: data.comparison.last_year,
      ...data.comparison.last_year,
    },
  ];
  return (
    <ReportTable
      title="Comparison"
      rows={periods}
      rowKey={(row) => row.name}
      csvUrl={reportExportUrl(query, 'comparison')}
      columns={[
        { header: 'Period', cell: (row) => row.name },
        {
          header: 'Nights',
          cell: (row) => `${formatDate(row.from)} – ${formatDate(addDays(row.to, -1))}`,
        },
        { header: 'Occupancy', cell: (row) => percent(row.figures.occupancy), numeric: true },
        { header: 'ADR', cell: (row) => money(row.figures.adr), numeric: true },
        { header: 'RevPAR', cell: (row) => money(row.figures.revpar), numeric: true },
        { header: 'Total revenue', cell: (row) => money(row.figures.total_revenue), numeric: true },
      ]}
    />
  );
}

const MONTHLY_FIGURES = [
  { key: 'occupancy', title: 'Occupancy per month', header: 'Occupancy', format: percent },
  { key: 'adr', title: 'ADR per month', header: 'ADR', format: money },
  { key: 'revpar', title: 'RevPAR per month', header: 'RevPAR', format: money },
] as const;

function MonthlySection({ data, query }: { data: ReportSummaryDto; query: ReportQuery }) {
  // The axis has little room: "Jun '27".
  const labels = data.by_month.map((row) => monthLabel(row.month).replace(/ \d\d(\d\d)$/, " '$1"));
  return (
    <section aria-labelledby="monthly-title" className="grid min-w-0 gap-6">
      <h2 id="monthly-title" className="text-lg font-semibold">
        Per month
      </h2>
      {MONTHLY_FIGURES.map((figure) => (
        <div key={figure.key} className="grid min-w-0 gap-4 break-inside-avoid lg:grid-cols-2">
          <figure className="grid min-w-0 gap-2">
            <figcaption className="text-sm font-medium">
              {figure.title} (chart; the table has the same numbers)
            </figcaption>
            <ReportChart
              title={figure.title}
              labels={labels}
              values={data.by_month.map((row) => row[figure.key])}
              format={figure.format}
            />
          </figure>
          <ReportTable<ReportMonthDto>
            title={figure.title}
            rows={data.by_month}
            rowKey={(row) => row.month}
            csvUrl={reportExportUrl(query, 'by_month')}
            columns={[
              { header: 'Month', cell: (row) => monthLabel(row.month) },
              {
                header: figure.header,
                cell: (row) => figure.format(row[figure.key]),
                numeric: true,
              },
              ...(figure.key === 'occupancy'
                ? [
                    {
                      header: 'Nights sold / available',
                      cell: (row: ReportMonthDto) =>
                        `${row.room_nights_sold} / ${row.room_nights_available}`,
                      numeric: true,
                    },
                  ]
                : [
                    {
                      header: 'Room revenue',
                      cell: (row: ReportMonthDto) => money(row.room_revenue),
                      numeric: true,
                    },
                  ]),
            ]}
          />
        </div>
      ))}
    </section>
  );
}

function ActivitySection({ query }: { query: ReportQuery }) {
  const activity = useReportActivity(query);
  if (activity.isError && !activity.data) {
    return (
      <LoadFailedAlert
        title="Failed to load bookings and profit"
        error={activity.error}
        onRetry={() => void activity.refetch()}
      />
    );
  }
  if (activity.isPending) return <Loading label="Loading bookings and profit..." />;
  const data: ReportActivityDto = activity.data;
  const b = data.bookings;
  const bookingFigures = [
    ['Bookings arriving', String(b.arrivals)],
    ['Cancellations', `${b.cancellations} (${percent(b.cancellation_rate)})`],
    ['No-shows', `${b.no_shows} (${percent(b.no_show_rate)})`],
    ['Average lead time', `${b.average_lead_time} days`],
    ['Average length of stay', `${b.average_length_of_stay} nights`],
  ] as const;
  return (
    <div className="grid min-w-0 gap-8" aria-busy={activity.isFetching}>
      <section aria-labelledby="bookings-title" className="grid min-w-0 gap-6">
        <h2 id="bookings-title" className="text-lg font-semibold">
          Bookings and promo codes
        </h2>
        <ReportTable
          title="Bookings arriving in the period"
          rows={bookingFigures}
          rowKey={(row) => row[0]}
          csvUrl={reportExportUrl(query, 'bookings')}
          columns={[
            { header: 'Figure', cell: (row) => row[0] },
            { header: 'Value', cell: (row) => row[1], numeric: true },
          ]}
        />
        <ReportTable
          title="Promo codes"
          rows={data.promo_codes}
          rowKey={(row) => row.code}
          csvUrl={reportExportUrl(query, 'promo_codes')}
          empty="No promo code was used by the bookings arriving in this period."
          columns={[
            { header: 'Code', cell: (row) => row.code },
            { header: 'Uses', cell: (row) => row.uses, numeric: true },
            { header: 'Given back', cell: (row) => row.released, numeric: true },
            { header: 'Discount given', cell: (row) => money(row.discount_total), numeric: true },
          ]}
        />
      </section>
      <section aria-labelledby="profit-title" className="grid min-w-0 gap-6">
        <h2 id="profit-title" className="text-lg font-semibold">
          Expenses and profit
        </h2>
        <ReportTable
          title="Expenses by category"
          rows={data.expenses_by_category}
          rowKey={(row) => row.category}
          csvUrl={reportExportUrl(query, 'expenses')}
          empty="No expenses in this period."
          columns={[
            { header: 'Category', cell: (row) => row.category },
            { header: 'Amount', cell: (row) => money(row.amount), numeric: true },
          ]}
        />
        <ReportTable
          title="Profit and loss per month"
          rows={data.profit_and_loss}
          rowKey={(row) => row.month}
          csvUrl={reportExportUrl(query, 'profit_and_loss')}
          columns={[
            { header: 'Month', cell: (row) => monthLabel(row.month) },
            { header: 'Revenue', cell: (row) => money(row.revenue), numeric: true },
            { header: 'Expenses', cell: (row) => money(row.expenses), numeric: true },
            { header: 'Profit', cell: (row) => money(row.profit), numeric: true },
          ]}
          footer={[
            'Total',
            money(data.totals.revenue),
            money(data.totals.expenses),
            money(data.totals.profit),
          ]}
        />
      </section>
    </div>
  );
}

function BalancesSection({ query }: { query: ReportQuery }) {
  const balances = useReportBalances();
  if (balances.isError && !balances.data) {
    return (
      <LoadFailedAlert
        title="Failed to load the balances"
        error={balances.error}
        onRetry={() => void balances.refetch()}
      />
    );
  }
  if (balances.isPending) return <Loading label="Loading the balances..." />;
  const data: ReportBalancesDto = balances.data;
  return (
    <section aria-labelledby="balances-title" className="grid min-w-0 gap-6">
      <h2 id="balances-title" className="text-lg font-semibold">
        Balances due on {formatDate(data.as_of)}
      </h2>
      <ReportTable
        title="Balances by age"
        rows={data.buckets}
        rowKey={(row) => row.bucket}
        csvUrl={reportExportUrl(query, 'balances')}
        columns={[
          { header: 'Age', cell: (row) => AGEING_LABELS[row.bucket] },
          { header: 'Bookings', cell: (row) => row.bookings, numeric: true },
          { header: 'Amount', cell: (row) => money(row.amount), numeric: true },
        ]}
        footer={['Total', data.bookings.length, money(data.total)]}
      />
      <ReportTable
        title="Bookings with a balance due"
        rows={data.bookings}
        rowKey={(row) => row.booking_id}
        csvUrl={reportExportUrl(query, 'balances')}
        empty="No guest owes anything."
        columns={[
          {
            header: 'Booking',
            cell: (row) => (
              <Link
                to="/bookings/$bookingId"
                params={{ bookingId: row.booking_id }}
                className="text-primary underline-offset-4 hover:underline"
              >
                {row.booking_reference}
              </Link>
            ),
          },
          { header: 'Guest', cell: (row) => row.guest_name },
          { header: 'Due', cell: (row) => formatDate(row.balance_due_date) },
          { header: 'Days overdue', cell: (row) => row.days_overdue, numeric: true },
          { header: 'Balance', cell: (row) => money(row.balance), numeric: true },
        ]}
      />
    </section>
  );
}
