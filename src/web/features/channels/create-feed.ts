import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feedSchema, type FeedCreate, type FeedDto } from '../../../domain/schemas/channel.schema';
import { apiPost } from '../../lib/api';
import { channelKeys } from './channel-keys';

/** POST /api/units/:id/feeds { name, url, channel }. */
export async function createFeed(unitId: string, input: FeedCreate): Promise<FeedDto> {
  const body = await apiPost<{ data: unknown }>(
    `/api/units/${encodeURIComponent(unitId)}/feeds`,
    input,
  );
  return feedSchema.parse(body.data);
}

export function useCreateFeed(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FeedCreate) => createFeed(unitId, input),
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.feeds(unitId) }),
  });
}
