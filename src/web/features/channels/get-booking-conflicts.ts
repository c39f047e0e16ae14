import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelConflictDto } from '../../../domain/schemas/channel.schema';
import { apiGet } from '../../lib/api';
import { channelKeys } from './channel-keys';

/** GET /api/channel-conflicts?booking_id=: the open conflicts over one booking's nights. */
export async function getBookingConflicts(
  bookingId: string,
  signal?: AbortSignal,
): Promise<ChannelConflictDto[]> {
  const body = await apiGet<{ data: ChannelConflictDto[] }>('/api/channel-conflicts', {
    signal,
    query: { booking_id: bookingId },
  });
  return body.data;
}

export function bookingConflictsQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: channelKeys.bookingConflicts(bookingId),
    queryFn: ({ signal }) => getBookingConflicts(bookingId, signal),
    staleTime: 60_000,
  });
}

export function useBookingConflicts(bookingId: string) {
  return useQuery(bookingConflictsQueryOptions(bookingId));
}
