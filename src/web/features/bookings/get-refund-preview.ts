import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { RefundPreview } from '../../../domain/schemas/booking.schema';
import { bookingsQueryKey } from './get-bookings';

/** GET /api/bookings/:id/refund-preview: DESIGN §4's refund if cancelled today. */
export async function getRefundPreview(bookingId: string, signal?: AbortSignal) {
  const body = await apiGet<{ data: RefundPreview }>(
    `/api/bookings/${encodeURIComponent(bookingId)}/refund-preview`,
    { signal },
  );
  return body.data;
}

export function useRefundPreview(bookingId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...bookingsQueryKey, 'refund-preview', bookingId] as const,
      queryFn: ({ signal }) => getRefundPreview(bookingId, signal),
      // Always the figure of now: the day may have turned since the dialog was last open.
      staleTime: 0,
      enabled,
    }),
  );
}
