import type { QueryClient } from '@tanstack/react-query';
import { guestMessageResponseSchema } from '../../../domain/schemas/message.schema';
import type { GuestMessageDto } from '../../../domain/schemas/message.schema';
import { bookingMessagesQueryKey } from './get-booking-messages';

/** A message mutation's answer (`{ data: message }`), parsed like the list's items. */
export function parseMessageAnswer(body: unknown): GuestMessageDto {
  return guestMessageResponseSchema.parse(body).data;
}

/** After a send, a resend or a one-off: the booking's list is read again. */
export function settleMessageChange(queryClient: QueryClient, bookingId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: bookingMessagesQueryKey(bookingId) });
}
