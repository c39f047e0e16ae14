import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { ListPage } from '../../../domain/schemas/common.schema';
import type { GuestDto as Guest } from '../../../domain/schemas/guest.schema';
import { toGuestListQuery } from './guests-search';
import type { GuestsSearch } from './guests-search';

export const guestsQueryKey = ['guests'] as const;

/** GET /api/guests (search by name, e-mail or phone; 10 a page). */
export function getGuests(search: GuestsSearch, signal?: AbortSignal) {
  return apiGet<ListPage<Guest>>('/api/guests', { query: toGuestListQuery(search), signal });
}

export function useGuests(search: GuestsSearch) {
  return useQuery(
    queryOptions({
      queryKey: [...guestsQueryKey, 'list', toGuestListQuery(search)] as const,
      queryFn: ({ signal }) => getGuests(search, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
