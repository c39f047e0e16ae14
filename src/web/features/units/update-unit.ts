import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnitUpdate } from '../../../domain/schemas/unit.schema';
import { apiPatch } from '../../lib/api';
import { invalidateUnitViews } from './invalidate-unit-views';
import type { UnitDto as Unit } from '../../../domain/schemas/unit.schema';

/** PATCH /api/units/:id (manager+). */
export async function updateUnit(input: { unitId: string; changes: UnitUpdate }): Promise<Unit> {
  const path = `/api/units/${encodeURIComponent(input.unitId)}`;
  return (await apiPatch<{ data: Unit }>(path, input.changes)).data;
}

export function useUpdateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUnit,
    meta: { suppressErrorToast: true },
    onSuccess: () => invalidateUnitViews(queryClient),
  });
}
