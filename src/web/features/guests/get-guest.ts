import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { GuestDetailDto as GuestDetail } from '../../../domain/schemas/guest.schema';
import { guestsQueryKey } from './get-guests';

/** GET /api/guests/:id: the guest, their bookings (unit name and code) and stats (SPEC §2). */
export async function getGuest(guestId: string, signal?: AbortSignal): Promise<GuestDetail> {
  const body = await apiGet<{ data: GuestDetail }>(`/api/guests/${encodeURIComponent(guestId)}`, {
    signal,
  });
  return body.data;
}

export function useGuest(guestId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...guestsQueryKey, 'detail', guestId] as const,
      queryFn: ({ signal }) => getGuest(guestId, signal),
      // SPEC §9: detail caches 30 seconds.
      staleTime: 30 * 1000,
    }),
  );
}

/** GET /api/guests/:id/export is a download: a plain link carries the session cookie. */
export function guestExportUrl(guestId: string): string {
  return `/api/guests/${encodeURIComponent(guestId)}/export`;
}
