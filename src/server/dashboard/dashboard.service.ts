import { addDays, diffDays, todayInZone } from '../../domain/dates';
import type { Dashboard, DayBooking } from '../../domain/schemas/dashboard.schema';
import type { AppDeps } from '../deps';
import { type DayBookingRow, findDashboardFigures, findDayBookings } from './dashboard.repository';

function firstOfMonth(month: string): string {
  return `${month}-01`;
}

function shiftMonth(month: string, count: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Relative change in percent (one decimal), or null when there was nothing before. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

function toDayBooking(row: DayBookingRow): DayBooking {
  return {
    booking_id: row.booking_id,
    booking_reference: row.booking_reference,
    guest_name: row.guest_name,
    num_guests: Number(row.num_guests),
    booking_status: row.booking_status as DayBooking['booking_status'],
    payment_status: row.payment_status as DayBooking['payment_status'],
    check_in: row.check_in,
    check_out: row.check_out,
    unit_names: row.unit_names ?? '',
  };
}

/**
 * The dashboard's cards for `month` (default: this month in the resort's zone, DESIGN §3) and
 * today's arrivals and departures, from SQL aggregates. Available cabin-nights are today's cabins
 * times the month's nights.
 */
export async function getDashboard(
  deps: AppDeps,
  month: string | undefined,
  options: { hideRevenue?: boolean } = {},
): Promise<Dashboard> {
  const today = todayInZone(deps.config.timezone, deps.clock.now());
  const shown = month ?? today.slice(0, 7);
  const previousMonth = shiftMonth(shown, -1);
  const monthStart = firstOfMonth(shown);
  const nextMonthStart = firstOfMonth(shiftMonth(shown, 1));
  const previousMonthStart = firstOfMonth(previousMonth);
  const [figures, dayRows] = await Promise.all([
    findDashboardFigures(deps.database, {
      monthStart,
      nextMonthStart,
      previousMonthStart,
      today,
      yesterday: addDays(today, -1),
    }),
    findDayBookings(deps.database, today),
  ]);
  const units = Number(figures.unit_count);
  const available = units * diffDays(nextMonthStart, monthStart);
  const previousAvailable = units * diffDays(monthStart, previousMonthStart);
  const occupancy = percentOf(figures.booked_nights, available);
  const previousOccupancy = percentOf(figures.previous_booked_nights, previousAvailable);
  const revenue = Number(figures.revenue);
  const previousRevenue = Number(figures.previous_revenue);
  return {
    month: shown,
    previous_month: previousMonth,
    today,
    cards: {
      occupancy: {
        value: occupancy,
        booked_nights: Number(figures.booked_nights),
        available_nights: available,
        previous: previousOccupancy,
        change_percent: changePercent(occupancy, previousOccupancy),
      },
      ...(options.hideRevenue
        ? {}
        : {
            revenue: {
              value: revenue,
              bookings: Number(figures.revenue_bookings),
              previous: previousRevenue,
              change_percent: changePercent(revenue, previousRevenue),
            },
          }),
      arrivals_today: {
        value: Number(figures.arrivals),
        previous: Number(figures.previous_arrivals),
        change_percent: changePercent(Number(figures.arrivals), Number(figures.previous_arrivals)),
      },
      departures_today: {
        value: Number(figures.departures),
        previous: Number(figures.previous_departures),
        change_percent: changePercent(
          Number(figures.departures),
          Number(figures.previous_departures),
        ),
      },
      payments_awaiting: {
        value: Number(figures.pending_payments),
        over_24_hours: Number(figures.pending_over_24_hours),
      },
    },
    arrivals: dayRows.filter((row) => row.kind === 'arrival').map(toDayBooking),
    departures: dayRows.filter((row) => row.kind === 'departure').map(toDayBooking),
  };
}
