import type { QueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../../domain/schemas/message.schema';
import type { MessageDto } from '../../../domain/schemas/message.schema';
import { bookingMessagesQueryKey } from './get-booking-messages';

/** A message mutation's answer (`{ data: message }`), parsed like the list's items. */
export function parseMessageAnswer(body: unknown): MessageDto {
  return messageResponseSchema.parse(body).data;
}

/** After a send, a resend or a one-off: the booking's list is read again. */
export function settleMessageChange(queryClient: QueryClient, bookingId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: bookingMessagesQueryKey(bookingId) });
}
