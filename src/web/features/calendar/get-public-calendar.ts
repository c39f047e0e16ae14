import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicCalendar } from '../../../domain/schemas/calendar.schema';
import { apiGet } from '../../lib/api';

/** The server answers at most 93 days per request. */
export const CALENDAR_MAX_DAYS = 93;

function dates(raw: unknown): string[] {
  return Array.isArray(raw) ? raw.filter((d): d is string => typeof d === 'string') : [];
}

function toNumber(raw: unknown, fallback: number): number {
  const n = typeof raw === 'string' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

/** Reads GET /api/public/calendar's answer (DESIGN §5), a missing field as empty. */
export function parsePublicCalendar(raw: unknown): PublicCalendar {
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const units = Array.isArray(body.units) ? body.units : [];
  return {
    from: typeof body.from === 'string' ? body.from : '',
    to: typeof body.to === 'string' ? body.to : '',
    units: units
      .filter((u): u is Record<string, unknown> => typeof u === 'object' && u !== null)
      .map((u) => ({
        unit_id: String(u.unit_id ?? ''),
        unit_name: String(u.unit_name ?? ''),
        unit_type: String(u.unit_type ?? ''),
        max_occupancy: toNumber(u.max_occupancy, 1),
        base_rate: toNumber(u.base_rate, 0),
        taken: dates(u.taken),
        blocked: dates(u.blocked),
      })),
  };
}

export async function getPublicCalendar(
  range: { from: string; to: string },
  signal?: AbortSignal,
): Promise<PublicCalendar> {
  const body = await apiGet<unknown>('/api/public/calendar', { query: range, signal });
  return parsePublicCalendar(body);
}

export function publicCalendarQueryOptions(range: { from: string; to: string } | null) {
  return queryOptions({
    queryKey: ['public', 'calendar', range?.from, range?.to] as const,
    // No abort signal: a superseded month still finishes and fills the cache (cheap, and no
    // cancelled requests on a slow connection).
    queryFn: () => getPublicCalendar(range as { from: string; to: string }),
    enabled: range !== null,
    // SPEC §9: availability is cached for 60 seconds.
    staleTime: 60 * 1000,
  });
}

export function usePublicCalendar(range: { from: string; to: string } | null) {
  return useQuery(publicCalendarQueryOptions(range));
}
