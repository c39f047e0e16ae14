import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnitStatus } from '../../../domain/constants';
import { apiPost } from '../../lib/api';
import { invalidateUnitViews } from './invalidate-unit-views';
import type { UnitBulkStatusResult } from '../../../domain/schemas/unit.schema';

/** POST /api/units/bulk-status (manager+): every selected unit or none (SPEC §7). */
export async function bulkSetUnitStatus(input: {
  unit_ids: string[];
  unit_status: UnitStatus;
}): Promise<UnitBulkStatusResult> {
  return apiPost<UnitBulkStatusResult>('/api/units/bulk-status', input);
}

export function useBulkUnitStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkSetUnitStatus,
    onSuccess: () => invalidateUnitViews(queryClient),
  });
}
