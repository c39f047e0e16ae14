import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api';
import { applyUnitPhotos } from './unit-photo-queries';
import type { UnitPhotoDto as UnitPhoto } from '../../../domain/schemas/unit-photo.schema';

/** DELETE /api/units/:id/photos/:photo_id (managers and up); answers the photos left. */
export async function deleteUnitPhoto(input: {
  unitId: string;
  photoId: string;
}): Promise<UnitPhoto[]> {
  const path = `/api/units/${encodeURIComponent(input.unitId)}/photos/${encodeURIComponent(input.photoId)}`;
  return (await apiDelete<{ data: UnitPhoto[] }>(path)).data;
}

export function useDeleteUnitPhoto(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => deleteUnitPhoto({ unitId, photoId }),
    meta: { suppressErrorToast: true },
    onSuccess: (photos) => applyUnitPhotos(queryClient, unitId, photos),
  });
}
