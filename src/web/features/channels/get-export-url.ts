import { queryOptions, useQuery } from '@tanstack/react-query';
import { exportUrlSchema, type ExportUrlDto } from '../../../domain/schemas/channel.schema';
import { apiGet } from '../../lib/api';
import { channelKeys } from './channel-keys';

/** GET /api/units/:id/ical (managers and up): the cabin's secret export URL. */
export async function getExportUrl(unitId: string, signal?: AbortSignal): Promise<ExportUrlDto> {
  const body = await apiGet<{ data: unknown }>(`/api/units/${encodeURIComponent(unitId)}/ical`, {
    signal,
  });
  return exportUrlSchema.parse(body.data);
}

export function exportUrlQueryOptions(unitId: string) {
  return queryOptions({
    queryKey: channelKeys.exportUrl(unitId),
    queryFn: ({ signal }) => getExportUrl(unitId, signal),
  });
}

export function useExportUrl(unitId: string) {
  return useQuery(exportUrlQueryOptions(unitId));
}
