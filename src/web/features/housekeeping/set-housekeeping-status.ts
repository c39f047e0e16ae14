import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  HousekeepingCabin,
  HousekeepingUpdateInput,
} from '../../../domain/schemas/housekeeping.schema';
import { apiPatch } from '../../lib/api';
import { invalidateUnitViews } from '../units/invalidate-unit-views';
import { housekeepingQueryKey } from './query-keys';

/** PATCH /api/units/:id/housekeeping (Clean and Dirty: housekeeping and up; the rest managers). */
export async function setHousekeepingStatus(input: {
  unitId: string;
  changes: HousekeepingUpdateInput;
}): Promise<HousekeepingCabin> {
  const path = `/api/units/${encodeURIComponent(input.unitId)}/housekeeping`;
  return (await apiPatch<{ data: HousekeepingCabin }>(path, input.changes)).data;
}

/**
 * The board shows the answer at once; the cabins' other views (the cabin page, the tape chart,
 * where out of order blocks nights) are read again. A housekeeping account has only the board.
 */
export function useSetHousekeepingStatus({ boardOnly = false }: { boardOnly?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHousekeepingStatus,
    meta: { suppressErrorToast: true },
    onSuccess: (cabin) => {
      queryClient.setQueryData<{ date: string; cabins: HousekeepingCabin[] }>(
        housekeepingQueryKey,
        (board) =>
          board && {
            ...board,
            cabins: board.cabins.map((c) => (c.unit_id === cabin.unit_id ? cabin : c)),
          },
      );
      return boardOnly
        ? queryClient.invalidateQueries({ queryKey: housekeepingQueryKey })
        : invalidateUnitViews(queryClient);
    },
  });
}
