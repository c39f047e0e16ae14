import { useMutation } from '@tanstack/react-query';
import { messageTestResponseSchema } from '../../../domain/schemas/message.schema';
import type { MessageTestBody } from '../../../domain/schemas/message.schema';
import { apiPost } from '../../lib/api';

/** POST /api/messages/test (owners and up): the rendered mail to the signed-in user's e-mail. */
export async function sendTestMessage(request: MessageTestBody): Promise<string> {
  return messageTestResponseSchema.parse(await apiPost<unknown>('/api/messages/test', request)).data
    .sent_to;
}

export function useSendTestMessage() {
  return useMutation({ mutationFn: sendTestMessage });
}
