import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OneOffMessage } from '../../../domain/schemas/message.schema';
import { apiPost } from '../../lib/api';
import { bookingMessagesPath } from './get-booking-messages';
import { parseMessageAnswer, settleMessageChange } from './message-mutation';

/** POST /api/bookings/:id/messages (staff and up): a one-off e-mail to the guest, sent now. */
export async function writeGuestMessage(bookingId: string, message: OneOffMessage) {
  return parseMessageAnswer(await apiPost<unknown>(bookingMessagesPath(bookingId), message));
}

export function useWriteGuestMessage(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: OneOffMessage) => writeGuestMessage(bookingId, message),
    // The dialog shows the server's message at the field or in itself.
    meta: { suppressErrorToast: true },
    onSettled: () => settleMessageChange(queryClient, bookingId),
  });
}
