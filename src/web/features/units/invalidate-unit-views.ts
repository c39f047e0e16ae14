import type { QueryClient } from '@tanstack/react-query';
import { publicUnitsQueryKey } from './get-public-units';
import { unitsQueryKey } from './query-keys';

/**
 * Cabins show in the staff lists, the availability views and the guests' pages: refresh all.
 * `deletedUnitId` names a cabin just deleted, whose own page is left rather than fetched again.
 */
export async function invalidateUnitViews(
  queryClient: QueryClient,
  deletedUnitId?: string,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: unitsQueryKey,
      predicate: (query) =>
        deletedUnitId === undefined ||
        !(query.queryKey[1] === 'detail' && query.queryKey[2] === deletedUnitId),
    }),
    queryClient.invalidateQueries({ queryKey: publicUnitsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['availability'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
