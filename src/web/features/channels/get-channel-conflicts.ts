import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  channelConflictSchema,
  type ChannelConflictDto,
} from '../../../domain/schemas/channel.schema';
import { apiGet } from '../../lib/api';
import { channelKeys } from './channel-keys';

/** GET /api/channel-conflicts: channel bookings imported over direct ones, still open. */
export async function getChannelConflicts(signal?: AbortSignal): Promise<ChannelConflictDto[]> {
  const body = await apiGet<{ data: unknown }>('/api/channel-conflicts', { signal });
  return z.array(channelConflictSchema).parse(body.data);
}

export function channelConflictsQueryOptions() {
  return queryOptions({
    queryKey: channelKeys.conflicts,
    queryFn: ({ signal }) => getChannelConflicts(signal),
    staleTime: 60_000,
  });
}

export function useChannelConflicts() {
  return useQuery(channelConflictsQueryOptions());
}
