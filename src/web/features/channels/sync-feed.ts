import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feedSchema, type FeedDto } from '../../../domain/schemas/channel.schema';
import { apiPost } from '../../lib/api';
import { invalidateAvailabilityViews } from '../availability/invalidate-availability';
import { channelKeys } from './channel-keys';

/** POST /api/feeds/:id/sync ("Sync now"): downloads the feed and answers its new state. */
export async function syncFeed(feedId: string): Promise<FeedDto> {
  const body = await apiPost<{ data: unknown }>(`/api/feeds/${encodeURIComponent(feedId)}/sync`);
  return feedSchema.parse(body.data);
}

export function useSyncFeed(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncFeed,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: channelKeys.feeds(unitId) });
      await queryClient.invalidateQueries({ queryKey: channelKeys.conflicts });
      await queryClient.invalidateQueries({ queryKey: channelKeys.failingFeeds });
      await invalidateAvailabilityViews(queryClient);
    },
  });
}
