import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { PublicUnit } from '../../../domain/schemas/unit.schema';

function toNumber(value: unknown, fallback = 0): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

/** Money may arrive as numeric strings from some drivers; normalise once, here. */
function normaliseUnit(raw: PublicUnit): PublicUnit {
  return {
    ...raw,
    base_occupancy: toNumber(raw.base_occupancy, 1),
    max_occupancy: toNumber(raw.max_occupancy, 1),
    base_rate: toNumber(raw.base_rate),
    weekend_rate: toNumber(raw.weekend_rate),
    extra_person_rate: toNumber(raw.extra_person_rate),
    amenities: Array.isArray(raw.amenities)
      ? raw.amenities.filter((a): a is string => typeof a === 'string' && a.trim().length > 0)
      : null,
    description: typeof raw.description === 'string' ? raw.description : null,
    photos: Array.isArray(raw.photos) ? raw.photos : [],
  };
}

export async function getPublicUnits(signal?: AbortSignal): Promise<PublicUnit[]> {
  const body = await apiGet<{ data?: PublicUnit[] } | PublicUnit[]>('/api/public/units', {
    signal,
  });
  const list = Array.isArray(body) ? body : (body.data ?? []);
  return list.map(normaliseUnit);
}

export const publicUnitsQueryKey = ['public', 'units'] as const;

export function publicUnitsQueryOptions() {
  return queryOptions({
    queryKey: publicUnitsQueryKey,
    queryFn: ({ signal }) => getPublicUnits(signal),
  });
}

export function usePublicUnits() {
  return useQuery(publicUnitsQueryOptions());
}
