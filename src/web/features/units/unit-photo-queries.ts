import type { QueryClient } from '@tanstack/react-query';
import type { UnitDetail } from '../../../domain/schemas/unit.schema';
import type { UnitPhotoDto as UnitPhoto } from '../../../domain/schemas/unit-photo.schema';
import { unitQueryOptions } from './get-unit';
import { invalidateUnitViews } from './invalidate-unit-views';

/**
 * Every photo call answers the cabin's photos as they now are: put them into the cabin's cached
 * detail at once, then refresh every view that shows cabins (the guests' pages too).
 */
export async function applyUnitPhotos(
  queryClient: QueryClient,
  unitId: string,
  photos: UnitPhoto[],
): Promise<void> {
  queryClient.setQueryData<UnitDetail>(unitQueryOptions(unitId).queryKey, (unit) =>
    unit ? { ...unit, photos } : unit,
  );
  await invalidateUnitViews(queryClient);
}
