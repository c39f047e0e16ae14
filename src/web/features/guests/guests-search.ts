import { LIMITS } from '../../../domain/constants';
import { optionalString } from '../../lib/search-params';

/** SPEC §2 /guests search params: search and page. Zod-free (route definitions). */
export interface GuestsSearch {
  search?: string;
  page?: number;
}

export function validateGuestsSearch(raw: Record<string, unknown>): GuestsSearch {
  const search: GuestsSearch = {};
  const text = optionalString(
    typeof raw.search === 'number' ? String(raw.search) : raw.search,
    LIMITS.search_max,
  );
  if (text && text.trim()) search.search = text;
  const page = typeof raw.page === 'number' ? raw.page : Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page <= 100_000) search.page = page;
  return search;
}

export function toGuestListQuery(search: GuestsSearch) {
  return { search: search.search?.trim() || undefined, page: search.page ?? 1, page_size: 10 };
}
