import { queryOptions, useQuery } from '@tanstack/react-query';
import { folioResponseSchema } from '../../../../domain/schemas/folio.schema';
import type { FolioDto } from '../../../../domain/schemas/folio.schema';
import { apiGet } from '../../../lib/api';
import { bookingQueryKey } from '../get-booking';

/**
 * Under the booking's own key, so whatever invalidates a booking (a payment recorded or
 * verified, a cancellation, a live update) refreshes its folio too.
 */
export const folioQueryKey = (bookingId: string) =>
  [...bookingQueryKey(bookingId), 'folio'] as const;

/** GET /api/bookings/:id/folio (DESIGN §8): the entries and the totals derived from them. */
export async function getFolio(bookingId: string, signal?: AbortSignal): Promise<FolioDto> {
  const body = await apiGet<unknown>(`/api/bookings/${encodeURIComponent(bookingId)}/folio`, {
    signal,
  });
  return folioResponseSchema.parse(body).data;
}

export function folioQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: folioQueryKey(bookingId),
    queryFn: ({ signal }) => getFolio(bookingId, signal),
    // As the booking's detail (SPEC §9: 30 seconds).
    staleTime: 30 * 1000,
  });
}

export function useFolio(bookingId: string) {
  return useQuery(folioQueryOptions(bookingId));
}
