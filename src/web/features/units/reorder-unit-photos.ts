import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../lib/api';
import { applyUnitPhotos } from './unit-photo-queries';
import type { UnitPhotoDto as UnitPhoto } from '../../../domain/schemas/unit-photo.schema';

/** PATCH /api/units/:id/photos/order: every photo of the cabin, first one first. */
export async function reorderUnitPhotos(input: {
  unitId: string;
  photoIds: string[];
}): Promise<UnitPhoto[]> {
  const path = `/api/units/${encodeURIComponent(input.unitId)}/photos/order`;
  return (await apiPatch<{ data: UnitPhoto[] }>(path, { photo_ids: input.photoIds })).data;
}

export function useReorderUnitPhotos(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoIds: string[]) => reorderUnitPhotos({ unitId, photoIds }),
    meta: { suppressErrorToast: true },
    onSuccess: (photos) => applyUnitPhotos(queryClient, unitId, photos),
  });
}
