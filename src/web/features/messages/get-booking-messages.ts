import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageListResponseSchema } from '../../../domain/schemas/message.schema';
import type { MessageDto } from '../../../domain/schemas/message.schema';
import { apiGet } from '../../lib/api';
import { bookingMessagesKey } from './booking-messages-key';
import { messagesRefetchInterval } from './message-view';

export { bookingMessagesKey };

export const bookingMessagesQueryKey = (bookingId: string) =>
  [...bookingMessagesKey, bookingId] as const;

export function bookingMessagesPath(bookingId: string): string {
  return `/api/bookings/${encodeURIComponent(bookingId)}/messages`;
}

/** GET /api/bookings/:id/messages (staff and up): every message of the booking, by time. */
export async function getBookingMessages(
  bookingId: string,
  signal?: AbortSignal,
): Promise<MessageDto[]> {
  const body = await apiGet<unknown>(bookingMessagesPath(bookingId), { signal });
  return messageListResponseSchema.parse(body).data;
}

export function bookingMessagesQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: bookingMessagesQueryKey(bookingId),
    queryFn: ({ signal }) => getBookingMessages(bookingId, signal),
    staleTime: 30 * 1000,
    refetchInterval: (query) => messagesRefetchInterval(query.state.data),
  });
}

export function useBookingMessages(bookingId: string) {
  return useQuery(bookingMessagesQueryOptions(bookingId));
}
