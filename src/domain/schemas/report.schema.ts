import { z } from 'zod';
import { BOOKING_SOURCES, EXPENSE_CATEGORIES } from '../constants';
import { AGEING_BUCKETS, REPORT_MAX_YEARS, shiftYears } from '../reports';
import { dateField, fieldsParsed } from './common.schema';

/**
 * Issue 23, DESIGN §8 "Reports": the owner's figures for a range of nights [from, to) — `to` is
 * exclusive, like a stay's check-out: April is from=2027-04-01&to=2027-05-01. Money in pesos;
 * occupancy and the rates are fractions 0–1.
 */

export const REPORT_MESSAGES = {
  reversed: 'The end date must be after the start date',
  tooLong: `A report covers at most ${REPORT_MAX_YEARS} years`,
  outOfYears: 'Choose dates from 2000 to 2100',
} as const;

/** Reports look back to their comparison periods; the years keep every date a real one. */
const reportDateField = dateField.refine(
  (value) => value >= '2000-01-01' && value <= '2100-12-31',
  REPORT_MESSAGES.outOfYears,
);

export const reportRangeSchema = z
  .object({ from: reportDateField, to: reportDateField })
  .refine((q) => q.to > q.from, {
    message: REPORT_MESSAGES.reversed,
    path: ['to'],
    when: fieldsParsed('from', 'to'),
  })
  .refine((q) => q.to <= shiftYears(q.from, REPORT_MAX_YEARS), {
    message: REPORT_MESSAGES.tooLong,
    path: ['to'],
    when: fieldsParsed('from', 'to'),
  });
export type ReportRange = z.output<typeof reportRangeSchema>;

const pesos = z.number();
const figures = {
  room_nights_available: z.number().int(),
  room_nights_sold: z.number().int(),
  occupancy: z.number(),
  adr: pesos,
  revpar: pesos,
  room_revenue: pesos,
  extras_revenue: pesos,
  fees_revenue: pesos,
  total_revenue: pesos,
};
export const reportFiguresSchema = z.object(figures);
export type ReportFiguresDto = z.output<typeof reportFiguresSchema>;

const periodSchema = z.object({ from: z.string(), to: z.string(), ...figures });

export const reportMonthSchema = z.object({
  month: z.string(),
  bookings: z.number().int(),
  ...figures,
});
export type ReportMonthDto = z.output<typeof reportMonthSchema>;

export const reportUnitSchema = z.object({
  unit_id: z.string(),
  unit_name: z.string(),
  bookings: z.number().int(),
  ...figures,
});
export type ReportUnitDto = z.output<typeof reportUnitSchema>;

export const reportSourceSchema = z.object({
  source: z.enum(BOOKING_SOURCES),
  bookings: z.number().int(),
  room_nights_sold: z.number().int(),
  room_revenue: pesos,
  extras_revenue: pesos,
  fees_revenue: pesos,
  total_revenue: pesos,
});
export type ReportSourceDto = z.output<typeof reportSourceSchema>;

/** GET /api/reports/summary?from&to (managers and up). */
export const reportSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  ...figures,
  by_source: z.array(reportSourceSchema),
  by_unit: z.array(reportUnitSchema),
  by_month: z.array(reportMonthSchema),
  comparison: z.object({ previous: periodSchema, last_year: periodSchema }),
});
export type ReportSummaryDto = z.output<typeof reportSummarySchema>;
export const reportSummaryResponseSchema = z.object({ data: reportSummarySchema });

/** GET /api/reports/activity?from&to: bookings, cancellations, no-shows, promo codes, P&L. */
export const reportActivitySchema = z.object({
  from: z.string(),
  to: z.string(),
  bookings: z.object({
    /** Bookings (any status) arriving in the range. */
    arrivals: z.number().int(),
    cancellations: z.number().int(),
    cancellation_rate: z.number(),
    no_shows: z.number().int(),
    no_show_rate: z.number(),
    /** Days from booking to arrival, mean over the stays not cancelled (two decimals). */
    average_lead_time: z.number(),
    /** Nights, mean over the stays not cancelled (two decimals). */
    average_length_of_stay: z.number(),
  }),
  promo_codes: z.array(
    z.object({
      code: z.string(),
      uses: z.number().int(),
      released: z.number().int(),
      discount_total: pesos,
    }),
  ),
  expenses_by_category: z.array(z.object({ category: z.enum(EXPENSE_CATEGORIES), amount: pesos })),
  profit_and_loss: z.array(
    z.object({ month: z.string(), revenue: pesos, expenses: pesos, profit: pesos }),
  ),
  totals: z.object({ revenue: pesos, expenses: pesos, profit: pesos }),
});
export type ReportActivityDto = z.output<typeof reportActivitySchema>;
export const reportActivityResponseSchema = z.object({ data: reportActivitySchema });

/** GET /api/reports/balances: what guests owe today, by how long it is overdue. */
export const reportBalancesSchema = z.object({
  as_of: z.string(),
  buckets: z.array(
    z.object({ bucket: z.enum(AGEING_BUCKETS), bookings: z.number().int(), amount: pesos }),
  ),
  total: pesos,
  bookings: z.array(
    z.object({
      booking_id: z.string(),
      booking_reference: z.string(),
      guest_name: z.string(),
      check_in: z.string(),
      balance_due_date: z.string(),
      balance: pesos,
      days_overdue: z.number().int(),
      bucket: z.enum(AGEING_BUCKETS),
    }),
  ),
});
export type ReportBalancesDto = z.output<typeof reportBalancesSchema>;
export const reportBalancesResponseSchema = z.object({ data: reportBalancesSchema });

export const REPORT_TABLES = [
  'by_month',
  'by_unit',
  'by_source',
  'comparison',
  'bookings',
  'promo_codes',
  'expenses',
  'profit_and_loss',
  'balances',
] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

/** GET /api/reports/export?from&to&table=…: one table as CSV (balances: as of today). */
export const reportExportQuerySchema = reportRangeSchema.and(
  z.object({ table: z.enum(REPORT_TABLES, { error: 'Choose a table to export' }) }),
);
export type ReportExportQuery = z.output<typeof reportExportQuerySchema>;
