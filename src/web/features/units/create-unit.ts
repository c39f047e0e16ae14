import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnitForm } from '../../../domain/schemas/unit.schema';
import { apiPost } from '../../lib/api';
import { invalidateUnitViews } from './invalidate-unit-views';
import type { UnitDto as Unit } from '../../../domain/schemas/unit.schema';

/** POST /api/units (manager+). */
export async function createUnit(input: UnitForm): Promise<Unit> {
  return (await apiPost<{ data: Unit }>('/api/units', input)).data;
}

export function useCreateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUnit,
    // The form places the server's field messages and shows its own toast.
    meta: { suppressErrorToast: true },
    onSuccess: () => invalidateUnitViews(queryClient),
  });
}
