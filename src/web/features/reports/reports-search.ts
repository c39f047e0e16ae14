/*
 * The /reports search params: a range of nights (both ends inclusive, as people read them: "1 to
 * 30 June") and what to compare it with. Hand-written rather than zod: route definitions are in
 * the app's first download (lib/search-params.ts). The API's `to` is exclusive (the morning after
 * the last night); reportQuery converts.
 */
import { addDays, isIsoDate } from '../../../domain/dates';
import { optionalEnum } from '../../lib/search-params';
import { definedOnly } from '../units/units-search';

export const REPORT_PRESETS = ['this_month', 'last_month', 'last_quarter', 'this_year'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

export const REPORT_PRESET_LABELS: Readonly<Record<ReportPreset, string>> = {
  this_month: 'This month',
  last_month: 'Last month',
  last_quarter: 'Last quarter',
  this_year: 'This year',
};

export const REPORT_COMPARISONS = ['previous', 'last_year'] as const;
export type ReportComparison = (typeof REPORT_COMPARISONS)[number];

export const REPORT_COMPARISON_LABELS: Readonly<Record<ReportComparison, string>> = {
  previous: 'Previous period',
  last_year: 'Same period last year',
};

export interface ReportsSearch {
  from?: string;
  /** The last night, inclusive. */
  to?: string;
  compare?: ReportComparison;
}

export function validateReportsSearch(search: Record<string, unknown>): ReportsSearch {
  return definedOnly({
    from: isIsoDate(search.from) ? search.from : undefined,
    to: isIsoDate(search.to) ? search.to : undefined,
    compare: optionalEnum(search.compare, REPORT_COMPARISONS),
  });
}

function firstOfMonth(year: number, month: number): string {
  const index = year * 12 + (month - 1);
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
}

/** A preset's nights, first and last inclusive, seen on `today`. */
export function presetRange(preset: ReportPreset, today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  switch (preset) {
    case 'this_month':
      return { from: firstOfMonth(year, month), to: addDays(firstOfMonth(year, month + 1), -1) };
    case 'last_month':
      return { from: firstOfMonth(year, month - 1), to: addDays(firstOfMonth(year, month), -1) };
    case 'last_quarter': {
      const quarterStart = month - ((month - 1) % 3);
      return {
        from: firstOfMonth(year, quarterStart - 3),
        to: addDays(firstOfMonth(year, quarterStart), -1),
      };
    }
    case 'this_year':
      return { from: `${year}-01-01`, to: `${year}-12-31` };
  }
}

/** The preset a range is, if any (to show it selected). */
export function presetOf(range: { from: string; to: string }, today: string): ReportPreset | '' {
  return (
    REPORT_PRESETS.find((preset) => {
      const candidate = presetRange(preset, today);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? ''
  );
}

/** The page's range: the search's, or this month. */
export function reportRange(search: ReportsSearch, today: string): { from: string; to: string } {
  const month = presetRange('this_month', today);
  const from = search.from ?? month.from;
  const to = search.to ?? month.to;
  return to >= from ? { from, to } : { from, to: from };
}

/** What the API is asked: `to` exclusive. */
export function reportQuery(range: { from: string; to: string }): { from: string; to: string } {
  return { from: range.from, to: addDays(range.to, 1) };
}
