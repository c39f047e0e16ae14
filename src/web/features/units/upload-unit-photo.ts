import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { applyUnitPhotos } from './unit-photo-queries';
import type { UnitPhotoDto as UnitPhoto } from '../../../domain/schemas/unit-photo.schema';

/** POST /api/units/:id/photos with the photo's bytes (managers and up; issue 15). */
export async function uploadUnitPhoto(input: { unitId: string; file: Blob }): Promise<UnitPhoto[]> {
  const path = `/api/units/${encodeURIComponent(input.unitId)}/photos`;
  return (await apiPost<{ data: UnitPhoto[] }>(path, input.file)).data;
}

export function useUploadUnitPhoto(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => uploadUnitPhoto({ unitId, file }),
    meta: { suppressErrorToast: true },
    onSuccess: (photos) => applyUnitPhotos(queryClient, unitId, photos),
  });
}
