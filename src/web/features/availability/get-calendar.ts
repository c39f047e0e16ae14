import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { availabilityQueryKey } from './query-keys';
import type { CalendarResponse as CalendarData } from '../../../domain/schemas/availability.schema';

export interface CalendarRange {
  from: string;
  to: string;
  unit?: string;
}

/** GET /api/availability/calendar: units with their bookings and blackouts in the range. */
export async function getCalendar(
  range: CalendarRange,
  signal?: AbortSignal,
): Promise<CalendarData> {
  return (
    await apiGet<{ data: CalendarData }>('/api/availability/calendar', {
      query: { ...range },
      signal,
    })
  ).data;
}

export function calendarQueryOptions(range: CalendarRange) {
  return queryOptions({
    queryKey: [...availabilityQueryKey, 'calendar', range] as const,
    queryFn: ({ signal }) => getCalendar(range, signal),
    // SPEC §9: availability is cached 60 seconds; live updates refresh it sooner.
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useCalendar(range: CalendarRange) {
  return useQuery(calendarQueryOptions(range));
}
