import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { bookingMessagesPath } from './get-booking-messages';
import { parseMessageAnswer, settleMessageChange } from './message-mutation';

export type MessageAction = 'send' | 'resend';

/**
 * POST /api/bookings/:id/messages/:messageId/send (a scheduled message, now) or .../resend (a
 * sent or failed one, again as a new message); staff and up.
 */
export async function postMessageAction(
  bookingId: string,
  messageId: string,
  action: MessageAction,
) {
  const path = `${bookingMessagesPath(bookingId)}/${encodeURIComponent(messageId)}/${action}`;
  return parseMessageAnswer(await apiPost<unknown>(path));
}

export function useMessageAction(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, action }: { messageId: string; action: MessageAction }) =>
      postMessageAction(bookingId, messageId, action),
    onSettled: () => settleMessageChange(queryClient, bookingId),
  });
}
