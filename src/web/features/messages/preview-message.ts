import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { messagePreviewResponseSchema } from '../../../domain/schemas/message.schema';
import type { MessagePreviewBody, RenderedMessage } from '../../../domain/schemas/message.schema';
import { apiPost } from '../../lib/api';

/** POST /api/messages/preview (owners and up): the template rendered with a real booking. */
export async function previewMessage(request: MessagePreviewBody): Promise<RenderedMessage> {
  return messagePreviewResponseSchema.parse(
    await apiPost<unknown>('/api/messages/preview', request),
  ).data;
}

/**
 * A query (it changes nothing), keyed by what it renders. No abort signal: a preview that a newer
 * edit overtakes simply finishes unseen rather than failing as a cut-off request.
 */
export function messagePreviewQueryOptions(request: MessagePreviewBody | null) {
  return queryOptions({
    queryKey: ['message-preview', request] as const,
    queryFn: () => previewMessage(request!),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    // A 400 (an unknown placeholder) is shown as it is; there is nothing to retry.
    retry: false,
  });
}

export function useMessagePreview(request: MessagePreviewBody | null) {
  return useQuery(messagePreviewQueryOptions(request));
}
