import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exportUrlSchema, type ExportUrlDto } from '../../../domain/schemas/channel.schema';
import { apiPost } from '../../lib/api';
import { channelKeys } from './channel-keys';

/** POST /api/units/:id/ical/rotate: a new secret URL; the old one stops working at once. */
export async function rotateExportUrl(unitId: string): Promise<ExportUrlDto> {
  const body = await apiPost<{ data: unknown }>(
    `/api/units/${encodeURIComponent(unitId)}/ical/rotate`,
  );
  return exportUrlSchema.parse(body.data);
}

export function useRotateExportUrl(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateExportUrl(unitId),
    onSuccess: (data) => queryClient.setQueryData(channelKeys.exportUrl(unitId), data),
  });
}
