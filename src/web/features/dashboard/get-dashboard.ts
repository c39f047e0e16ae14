import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingPaymentStatus, BookingStatus } from '../../../domain/constants';
import { apiGet } from '../../lib/api';

interface Trend {
  previous: number;
  /** Relative change in percent; null when the previous figure was 0. */
  change_percent: number | null;
}

export interface DayBooking {
  booking_id: string;
  booking_reference: string;
  guest_name: string;
  num_guests: number;
  booking_status: BookingStatus;
  payment_status: BookingPaymentStatus;
  check_in: string;
  check_out: string;
  unit_names: string;
}

/** GET /api/dashboard (SPEC §2 /dashboard). */
export interface DashboardData {
  month: string;
  previous_month: string;
  today: string;
  cards: {
    occupancy: Trend & { value: number; booked_nights: number; available_nights: number };
    /** Absent for the staff role when the owners hide revenue from staff. */
    revenue?: Trend & { value: number; bookings: number };
    arrivals_today: Trend & { value: number };
    departures_today: Trend & { value: number };
    payments_awaiting: { value: number; over_24_hours: number };
  };
  arrivals: DayBooking[];
  departures: DayBooking[];
}

export async function getDashboard(
  month: string | undefined,
  signal?: AbortSignal,
): Promise<DashboardData> {
  return (await apiGet<{ data: DashboardData }>('/api/dashboard', { query: { month }, signal }))
    .data;
}

export const dashboardQueryKey = ['dashboard'] as const;

export function dashboardQueryOptions(month: string | undefined) {
  return queryOptions({
    queryKey: [...dashboardQueryKey, month ?? 'current'] as const,
    queryFn: ({ signal }) => getDashboard(month, signal),
    // SPEC §9: stats are cached 60 seconds; live updates refresh them sooner.
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useDashboard(month: string | undefined) {
  return useQuery(dashboardQueryOptions(month));
}
