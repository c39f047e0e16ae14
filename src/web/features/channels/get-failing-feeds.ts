import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FailingFeedDto } from '../../../domain/schemas/channel.schema';
import { apiGet } from '../../lib/api';
import { channelKeys } from './channel-keys';

/** GET /api/feeds/failing (managers and up): feeds failing for more than 24 hours. */
export async function getFailingFeeds(signal?: AbortSignal): Promise<FailingFeedDto[]> {
  return (await apiGet<{ data: FailingFeedDto[] }>('/api/feeds/failing', { signal })).data;
}

export function failingFeedsQueryOptions() {
  return queryOptions({
    queryKey: channelKeys.failingFeeds,
    queryFn: ({ signal }) => getFailingFeeds(signal),
    staleTime: 60_000,
  });
}

export function useFailingFeeds(enabled: boolean) {
  return useQuery({ ...failingFeedsQueryOptions(), enabled });
}
