/*
 * The /availability search params (SPEC §2: view, date, unit). Hand-written rather than zod:
 * route definitions are in the app's first download (lib/search-params.ts).
 */
import { isRecordId } from '../../../domain/record-id';
import { optionalEnum } from '../../lib/search-params';

export const AVAILABILITY_VIEWS = ['calendar', 'units'] as const;
export type AvailabilityView = (typeof AVAILABILITY_VIEWS)[number];

export interface AvailabilitySearch {
  view?: AvailabilityView;
  /** The month shown, 'YYYY-MM' (a full date is accepted and cut to its month). */
  date?: string;
  unit?: string;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])(-\d{2})?$/;

export function validateAvailabilitySearch(search: Record<string, unknown>): AvailabilitySearch {
  const result: AvailabilitySearch = {};
  const view = optionalEnum(search.view, AVAILABILITY_VIEWS);
  if (view && view !== 'calendar') result.view = view;
  if (typeof search.date === 'string' && MONTH.test(search.date))
    result.date = search.date.slice(0, 7);
  if (isRecordId(search.unit)) result.unit = search.unit;
  return result;
}
