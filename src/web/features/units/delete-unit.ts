import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api';
import { invalidateUnitViews } from './invalidate-unit-views';

/** DELETE /api/units/:id (owner+; a unit with bookings is refused, SPEC §8). */
export async function deleteUnit(unitId: string): Promise<void> {
  await apiDelete(`/api/units/${encodeURIComponent(unitId)}`);
}

export function useDeleteUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUnit,
    // Not awaited: the page leaves the deleted cabin at once (unit-detail-page.tsx); while the
    // lists refreshed first, a live update could ask for the deleted cabin again (a 404).
    onSuccess: (_data, unitId) => {
      void invalidateUnitViews(queryClient, unitId);
    },
  });
}
