import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api';
import { invalidateAvailabilityViews } from '../availability/invalidate-availability';
import { channelKeys } from './channel-keys';

/** DELETE /api/units/:id/feeds/:feedId: the feed goes, and the nights it held are released. */
export async function deleteFeed(unitId: string, feedId: string): Promise<void> {
  await apiDelete(`/api/units/${encodeURIComponent(unitId)}/feeds/${encodeURIComponent(feedId)}`);
}

export function useDeleteFeed(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedId: string) => deleteFeed(unitId, feedId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: channelKeys.all });
      await invalidateAvailabilityViews(queryClient);
    },
  });
}
