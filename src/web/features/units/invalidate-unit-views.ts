import type { QueryClient } from '@tanstack/react-query';
import { publicUnitsQueryKey } from './get-public-units';
import { unitsQueryKey } from './unit-types';

/** Cabins show in the staff lists, the availability views and the guests' pages: refresh all. */
export async function invalidateUnitViews(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: unitsQueryKey }),
    queryClient.invalidateQueries({ queryKey: publicUnitsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['availability'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
