/*
 * The /units search params (SPEC §2: status, type, search; SPEC §5 filters: rate range and
 * occupancy; plus the page). Hand-written rather than zod: route definitions are in the app's
 * first download (lib/search-params.ts).
 */
import { UNIT_STATUSES, UNIT_TYPES } from '../../../domain/constants';
import type { UnitStatus, UnitType } from '../../../domain/constants';
import { optionalEnum, optionalString } from '../../lib/search-params';

export interface UnitsSearch {
  status?: UnitStatus;
  type?: UnitType;
  search?: string;
  min_rate?: number;
  max_rate?: number;
  min_occupancy?: number;
  page?: number;
}

/** A number from a search param within [min, max], or undefined. */
export function optionalNumber(
  value: unknown,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
  integer = false,
): number | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim()
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n) || n < min || n > max) return undefined;
  if (integer && !Number.isInteger(n)) return undefined;
  return n;
}

/** Keeps only the keys whose value is defined, so URLs stay short. */
export function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== ''),
  ) as T;
}

export function validateUnitsSearch(search: Record<string, unknown>): UnitsSearch {
  const page = optionalNumber(search.page, 1, 100_000, true);
  return definedOnly({
    status: optionalEnum(search.status, UNIT_STATUSES),
    type: optionalEnum(search.type, UNIT_TYPES),
    search: optionalString(search.search, 100),
    min_rate: optionalNumber(search.min_rate, 0),
    max_rate: optionalNumber(search.max_rate, 0),
    min_occupancy: optionalNumber(search.min_occupancy, 1, 20, true),
    page: page && page > 1 ? page : undefined,
  });
}
