import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnitPhotoUpdateInput } from '../../../domain/schemas/unit-photo.schema';
import { apiPatch } from '../../lib/api';
import { applyUnitPhotos } from './unit-photo-queries';
import type { UnitPhotoDto as UnitPhoto } from '../../../domain/schemas/unit-photo.schema';

/** PATCH /api/units/:id/photos/:photo_id: the photo's alternative text. */
export async function updateUnitPhoto(input: {
  unitId: string;
  photoId: string;
  changes: UnitPhotoUpdateInput;
}): Promise<UnitPhoto[]> {
  const path = `/api/units/${encodeURIComponent(input.unitId)}/photos/${encodeURIComponent(input.photoId)}`;
  return (await apiPatch<{ data: UnitPhoto[] }>(path, input.changes)).data;
}

export function useUpdateUnitPhoto(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { photoId: string; changes: UnitPhotoUpdateInput }) =>
      updateUnitPhoto({ unitId, ...input }),
    meta: { suppressErrorToast: true },
    onSuccess: (photos) => applyUnitPhotos(queryClient, unitId, photos),
  });
}
