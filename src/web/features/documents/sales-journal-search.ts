/*
 * The /sales-journal search params: a date range and a kind. Hand-written rather than zod: route
 * definitions are in the app's first download (lib/search-params.ts).
 */
import { DOCUMENT_KINDS } from '../../../domain/documents';
import type { DocumentKind } from '../../../domain/documents';
import { isIsoDate } from '../../../domain/dates';
import { optionalEnum } from '../../lib/search-params';
import { definedOnly } from '../units/units-search';

export interface SalesJournalSearch {
  from?: string;
  to?: string;
  kind?: DocumentKind;
}

export function validateSalesJournalSearch(search: Record<string, unknown>): SalesJournalSearch {
  return definedOnly({
    from: isIsoDate(search.from) ? search.from : undefined,
    to: isIsoDate(search.to) ? search.to : undefined,
    kind: optionalEnum(search.kind, DOCUMENT_KINDS),
  });
}

/** The journal's range: the search's, or this month up to its last day (the resort's today). */
export function journalRange(
  search: SalesJournalSearch,
  today: string,
): { from: string; to: string } {
  const month = today.slice(0, 7);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return {
    from: search.from ?? `${month}-01`,
    to: search.to ?? `${month}-${String(lastDay).padStart(2, '0')}`,
  };
}
