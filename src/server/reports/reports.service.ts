import { toPesos } from '../../domain/centavos';
import {
  BOOKING_SOURCE_LABELS,
  BOOKING_SOURCES,
  EXPENSE_CATEGORIES,
  type ExpenseCategory,
} from '../../domain/constants';
import { diffDays, todayInZone } from '../../domain/dates';
import {
  AGEING_BUCKETS,
  AGEING_LABELS,
  ageingBucket,
  figuresOf,
  monthsOf,
  previousPeriod,
  rateOf,
  samePeriodLastYear,
  tallySold,
  type ReportTallies,
  type SoldSlice,
} from '../../domain/reports';
import { toCsv, type CsvColumn } from '../../domain/sanitize';
import type {
  ReportActivityDto,
  ReportBalancesDto,
  ReportExportQuery,
  ReportRange,
  ReportSummaryDto,
} from '../../domain/schemas/report.schema';
import type { AppDeps } from '../deps';
import {
  findBookingStats,
  findExpensesByMonth,
  findOutOfOrderBlocks,
  findOutstandingBalances,
  findPromoCodeUses,
  findReportSold,
  findReportSoldByMonths,
  findReportSoldTotal,
  findReportSoldTotalByMonths,
  findReportUnits,
  type ReportUnitRow,
} from './reports.repository';

type ReportDeps = Pick<AppDeps, 'database' | 'config' | 'clock'>;

/** Whether [from, to) is whole months: both ends the first day of a month. */
function isWholeMonths(range: ReportRange): boolean {
  return range.from.endsWith('-01') && range.to.endsWith('-01');
}

/**
 * Every tally of [from, to): the nights sold and their revenue come summed from the database
 * (decision 0030), per month, cabin and source with `detail`, else in all — from report_months
 * when the range is whole months (a month, a quarter, a year: the reports' presets), else from
 * report_nights.
 */
async function tallies(
  deps: ReportDeps,
  range: ReportRange,
  options: { detail: boolean; units?: Promise<ReportUnitRow[]> },
): Promise<ReportTallies> {
  const db = deps.database;
  const byMonths = isWholeMonths(range);
  const [units, blocks, sold] = await Promise.all([
    options.units ?? findReportUnits(db),
    findOutOfOrderBlocks(db, range),
    options.detail
      ? (byMonths ? findReportSoldByMonths : findReportSold)(db, range).then((rows) =>
          rows.map((row) =>
            soldSlice(
              row.level,
              (row.level === 'month'
                ? row.month
                : row.level === 'unit'
                  ? row.unit_id
                  : row.source) ?? '',
              row,
            ),
          ),
        )
      : (byMonths ? findReportSoldTotalByMonths : findReportSoldTotal)(db, range).then((row) => [
          soldSlice('total', '', { ...row, bookings: 0 }),
        ]),
  ]);
  return tallySold({ from: range.from, to: range.to, units, blocks, sold });
}

function soldSlice(
  level: SoldSlice['level'],
  key: string,
  row: { bookings: number; sold: number; room: string; extras: string; fees: string },
): SoldSlice {
  return {
    level,
    key,
    bookings: row.bookings,
    sold: row.sold,
    room: BigInt(row.room),
    extras: BigInt(row.extras),
    fees: BigInt(row.fees),
  };
}

/** GET /api/reports/summary: DESIGN §8's figures, per month, cabin and source, and comparisons. */
export async function reportSummary(
  deps: ReportDeps,
  range: ReportRange,
): Promise<ReportSummaryDto> {
  const previous = previousPeriod(range.from, range.to);
  const lastYear = samePeriodLastYear(range.from, range.to);
  // A whole year's previous period is the same year last year: worked out once.
  const sameRange = previous.from === lastYear.from && previous.to === lastYear.to;
  const unitsRead = findReportUnits(deps.database);
  const [current, before, lastYearTallies, units] = await Promise.all([
    tallies(deps, range, { detail: true, units: unitsRead }),
    tallies(deps, previous, { detail: false, units: unitsRead }),
    sameRange ? null : tallies(deps, lastYear, { detail: false, units: unitsRead }),
    unitsRead,
  ]);
  const yearAgo = lastYearTallies ?? before;
  const empty = { available: 0, sold: 0, room: 0n, extras: 0n, fees: 0n, bookings: 0 };
  return {
    from: range.from,
    to: range.to,
    ...figuresOf(current.total),
    by_source: BOOKING_SOURCES.flatMap((source) => {
      const tally = current.by_source.get(source);
      if (!tally) return [];
      const figures = figuresOf(tally);
      return [
        {
          source,
          bookings: tally.bookings,
          room_nights_sold: figures.room_nights_sold,
          room_revenue: figures.room_revenue,
          extras_revenue: figures.extras_revenue,
          fees_revenue: figures.fees_revenue,
          total_revenue: figures.total_revenue,
        },
      ];
    }),
    by_unit: units.map((unit) => {
      const tally = current.by_unit.get(unit.unit_id) ?? empty;
      return {
        unit_id: unit.unit_id,
        unit_name: unit.unit_name,
        bookings: tally.bookings,
        ...figuresOf(tally),
      };
    }),
    by_month: monthsOf(range.from, range.to).map((month) => {
      const tally = current.by_month.get(month) ?? empty;
      return { month, bookings: tally.bookings, ...figuresOf(tally) };
    }),
    comparison: {
      previous: { ...previous, ...figuresOf(before.total) },
      last_year: { ...lastYear, ...figuresOf(yearAgo.total) },
    },
  };
}

/** GET /api/reports/activity: bookings and cancellations, promo codes, expenses and the P&L. */
export async function reportActivity(
  deps: ReportDeps,
  range: ReportRange,
): Promise<ReportActivityDto> {
  const timezone = deps.config.timezone;
  const [current, stats, expenses, promos] = await Promise.all([
    tallies(deps, range, { detail: true }),
    findBookingStats(deps.database, { ...range, timezone }),
    findExpensesByMonth(deps.database, range),
    findPromoCodeUses(deps.database, range),
  ]);
  const byCategory = new Map<string, bigint>();
  const byMonth = new Map<string, bigint>();
  for (const row of expenses) {
    const amount = BigInt(row.amount);
    byCategory.set(row.category, (byCategory.get(row.category) ?? 0n) + amount);
    byMonth.set(row.month, (byMonth.get(row.month) ?? 0n) + amount);
  }
  let revenueTotal = 0n;
  let expensesTotal = 0n;
  const profitAndLoss = monthsOf(range.from, range.to).map((month) => {
    const tally = current.by_month.get(month);
    const revenue = tally ? tally.room + tally.extras + tally.fees : 0n;
    const spent = byMonth.get(month) ?? 0n;
    revenueTotal += revenue;
    expensesTotal += spent;
    return {
      month,
      revenue: toPesos(revenue),
      expenses: toPesos(spent),
      profit: toPesos(revenue - spent),
    };
  });
  return {
    from: range.from,
    to: range.to,
    bookings: {
      arrivals: stats.arrivals,
      cancellations: stats.cancellations,
      cancellation_rate: rateOf(stats.cancellations, stats.arrivals),
      no_shows: stats.no_shows,
      no_show_rate: rateOf(stats.no_shows, stats.arrivals),
      average_lead_time: Number(stats.average_lead_time),
      average_length_of_stay: Number(stats.average_length_of_stay),
    },
    promo_codes: promos.map((row) => ({
      code: row.code,
      uses: row.uses,
      released: row.released,
      discount_total: toPesos(BigInt(row.discount)),
    })),
    expenses_by_category: EXPENSE_CATEGORIES.flatMap((category: ExpenseCategory) => {
      const amount = byCategory.get(category);
      return amount === undefined ? [] : [{ category, amount: toPesos(amount) }];
    }),
    profit_and_loss: profitAndLoss,
    totals: {
      revenue: toPesos(revenueTotal),
      expenses: toPesos(expensesTotal),
      profit: toPesos(revenueTotal - expensesTotal),
    },
  };
}

/** GET /api/reports/balances: balances due today, aged by their due date. */
export async function reportBalances(deps: ReportDeps): Promise<ReportBalancesDto> {
  const today = todayInZone(deps.config.timezone, deps.clock.now());
  const rows = await findOutstandingBalances(deps.database);
  const sums = new Map(AGEING_BUCKETS.map((bucket) => [bucket, { bookings: 0, amount: 0n }]));
  let total = 0n;
  const bookings = rows.map((row) => {
    const bucket = ageingBucket(row.balance_due_date, today);
    const balance = BigInt(row.balance);
    const sum = sums.get(bucket)!;
    sum.bookings += 1;
    sum.amount += balance;
    total += balance;
    return {
      booking_id: row.booking_id,
      booking_reference: row.booking_reference,
      guest_name: row.guest_name,
      check_in: row.check_in,
      balance_due_date: row.balance_due_date,
      balance: toPesos(balance),
      days_overdue: Math.max(diffDays(today, row.balance_due_date), 0),
      bucket,
    };
  });
  return {
    as_of: today,
    buckets: AGEING_BUCKETS.map((bucket) => ({
      bucket,
      bookings: sums.get(bucket)!.bookings,
      amount: toPesos(sums.get(bucket)!.amount),
    })),
    total: toPesos(total),
    bookings,
  };
}

const percent = (fraction: number) => Math.round(fraction * 1000) / 10;

type FigureRow = ReturnType<typeof figuresOf>;
const FIGURE_COLUMNS: CsvColumn<FigureRow>[] = [
  { header: 'Room nights available', value: 'room_nights_available' },
  { header: 'Room nights sold', value: 'room_nights_sold' },
  { header: 'Occupancy (%)', value: (row) => percent(row.occupancy) },
  { header: 'ADR', value: 'adr' },
  { header: 'RevPAR', value: 'revpar' },
  { header: 'Room revenue', value: 'room_revenue' },
  { header: 'Extras revenue', value: 'extras_revenue' },
  { header: 'Fees revenue', value: 'fees_revenue' },
  { header: 'Total revenue', value: 'total_revenue' },
];

function withFirst<T extends FigureRow>(
  header: string,
  value: (row: T) => unknown,
): CsvColumn<T>[] {
  return [{ header, value }, ...(FIGURE_COLUMNS as CsvColumn<T>[])];
}

export type ReportFile = { filename: string; body: string };

/** GET /api/reports/export: one of the page's tables as CSV (SPEC §5's escaping). */
export async function exportReport(
  deps: ReportDeps,
  query: ReportExportQuery,
): Promise<ReportFile> {
  const range = { from: query.from, to: query.to };
  const filename = `report-${query.table.replace(/_/g, '-')}-${query.from}-to-${query.to}.csv`;
  const file = (body: string): ReportFile => ({ filename, body });
  switch (query.table) {
    case 'by_month': {
      const summary = await reportSummary(deps, range);
      return file(
        toCsv(
          summary.by_month,
          withFirst('Month', (row) => row.month),
        ),
      );
    }
    case 'by_unit': {
      const summary = await reportSummary(deps, range);
      return file(
        toCsv(
          summary.by_unit,
          withFirst('Cabin', (row) => row.unit_name),
        ),
      );
    }
    case 'comparison': {
      const summary = await reportSummary(deps, range);
      const rows = [
        { period: 'Selected', ...summary },
        { period: 'Previous period', ...summary.comparison.previous },
        { period: 'Same period last year', ...summary.comparison.last_year },
      ];
      return file(
        toCsv(rows, [
          { header: 'Period', value: 'period' },
          { header: 'From', value: 'from' },
          { header: 'To (exclusive)', value: 'to' },
          ...(FIGURE_COLUMNS as CsvColumn<(typeof rows)[number]>[]),
        ]),
      );
    }
    case 'by_source': {
      const summary = await reportSummary(deps, range);
      return file(
        toCsv(summary.by_source, [
          { header: 'Source', value: (row) => BOOKING_SOURCE_LABELS[row.source] },
          { header: 'Bookings', value: 'bookings' },
          { header: 'Room nights sold', value: 'room_nights_sold' },
          { header: 'Room revenue', value: 'room_revenue' },
          { header: 'Extras revenue', value: 'extras_revenue' },
          { header: 'Fees revenue', value: 'fees_revenue' },
          { header: 'Total revenue', value: 'total_revenue' },
        ]),
      );
    }
    case 'bookings': {
      const { bookings } = await reportActivity(deps, range);
      return file(
        toCsv(
          [
            ['Bookings arriving', bookings.arrivals],
            ['Cancellations', bookings.cancellations],
            ['Cancellation rate (%)', percent(bookings.cancellation_rate)],
            ['No-shows', bookings.no_shows],
            ['No-show rate (%)', percent(bookings.no_show_rate)],
            ['Average lead time (days)', bookings.average_lead_time],
            ['Average length of stay (nights)', bookings.average_length_of_stay],
          ] as const,
          [
            { header: 'Figure', value: (row) => row[0] },
            { header: 'Value', value: (row) => row[1] },
          ],
        ),
      );
    }
    case 'promo_codes': {
      const { promo_codes } = await reportActivity(deps, range);
      return file(
        toCsv(promo_codes, [
          { header: 'Code', value: 'code' },
          { header: 'Uses', value: 'uses' },
          { header: 'Released', value: 'released' },
          { header: 'Discount given', value: 'discount_total' },
        ]),
      );
    }
    case 'expenses': {
      const { expenses_by_category } = await reportActivity(deps, range);
      return file(
        toCsv(expenses_by_category, [
          { header: 'Category', value: 'category' },
          { header: 'Amount', value: 'amount' },
        ]),
      );
    }
    case 'profit_and_loss': {
      const { profit_and_loss } = await reportActivity(deps, range);
      return file(
        toCsv(profit_and_loss, [
          { header: 'Month', value: 'month' },
          { header: 'Revenue (net of VAT)', value: 'revenue' },
          { header: 'Expenses', value: 'expenses' },
          { header: 'Profit', value: 'profit' },
        ]),
      );
    }
    case 'balances': {
      const balances = await reportBalances(deps);
      return {
        filename: `report-balances-${balances.as_of}.csv`,
        body: toCsv(balances.bookings, [
          { header: 'Booking', value: 'booking_reference' },
          { header: 'Guest', value: 'guest_name' },
          { header: 'Check-in', value: 'check_in' },
          { header: 'Due', value: 'balance_due_date' },
          { header: 'Days overdue', value: 'days_overdue' },
          { header: 'Ageing', value: (row) => AGEING_LABELS[row.bucket] },
          { header: 'Balance', value: 'balance' },
        ]),
      };
    }
  }
}
