import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { feedSchema, type FeedDto } from '../../../domain/schemas/channel.schema';
import { apiGet } from '../../lib/api';
import { channelKeys } from './channel-keys';

/** GET /api/units/:id/feeds (managers and up): the channels' feeds imported into the cabin. */
export async function getFeeds(unitId: string, signal?: AbortSignal): Promise<FeedDto[]> {
  const body = await apiGet<{ data: unknown }>(`/api/units/${encodeURIComponent(unitId)}/feeds`, {
    signal,
  });
  return z.array(feedSchema).parse(body.data);
}

export function feedsQueryOptions(unitId: string) {
  return queryOptions({
    queryKey: channelKeys.feeds(unitId),
    queryFn: ({ signal }) => getFeeds(unitId, signal),
  });
}

export function useFeeds(unitId: string) {
  return useQuery(feedsQueryOptions(unitId));
}
