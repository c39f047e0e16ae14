import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { AuditEntryDto as AuditEntry } from '../../../domain/schemas/booking.schema';
import { bookingsQueryKey } from './get-bookings';

/** GET /api/bookings/:id/audit: the last 50 entries for managers and above (SPEC §2, §6). */
export async function getBookingAudit(bookingId: string, signal?: AbortSignal) {
  const body = await apiGet<{ data: AuditEntry[] }>(
    `/api/bookings/${encodeURIComponent(bookingId)}/audit`,
    { signal },
  );
  return body.data;
}

export function bookingAuditQueryOptions(bookingId: string, enabled: boolean) {
  return queryOptions({
    queryKey: [...bookingsQueryKey, 'audit', bookingId] as const,
    queryFn: ({ signal }) => getBookingAudit(bookingId, signal),
    // SPEC §9: audit data is fresh for 60 seconds.
    staleTime: 60 * 1000,
    enabled,
  });
}

export function useBookingAudit(bookingId: string, enabled: boolean) {
  return useQuery(bookingAuditQueryOptions(bookingId, enabled));
}
