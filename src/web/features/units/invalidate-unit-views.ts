import type { QueryClient } from '@tanstack/react-query';
import { publicUnitsQueryKey } from './get-public-units';
import { unitsQueryKey } from './query-keys';

/**
 * Cabins show in the staff lists, the availability views and the guests' pages: refresh all.
 * `deletedUnitId` names a cabin just deleted: none of its own queries (its page, photos, upcoming
 * bookings) is fetched again while its page is being left — each would answer 404.
 */
export async function invalidateUnitViews(
  queryClient: QueryClient,
  deletedUnitId?: string,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: unitsQueryKey,
      predicate: (query) =>
        deletedUnitId === undefined || !JSON.stringify(query.queryKey).includes(deletedUnitId),
    }),
    queryClient.invalidateQueries({ queryKey: publicUnitsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['availability'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
