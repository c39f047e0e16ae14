import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  channelConflictSchema,
  type ChannelConflictDto,
  type ConflictResolve,
} from '../../../domain/schemas/channel.schema';
import { apiPost } from '../../lib/api';
import { channelKeys } from './channel-keys';

/** POST /api/channel-conflicts/:id/resolve { resolution, note } (managers and up; audited). */
export async function resolveConflict(
  holdId: string,
  input: ConflictResolve,
): Promise<ChannelConflictDto> {
  const body = await apiPost<{ data: unknown }>(
    `/api/channel-conflicts/${encodeURIComponent(holdId)}/resolve`,
    input,
  );
  return channelConflictSchema.parse(body.data);
}

export function useResolveConflict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ holdId, input }: { holdId: string; input: ConflictResolve }) =>
      resolveConflict(holdId, input),
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.conflicts }),
  });
}
