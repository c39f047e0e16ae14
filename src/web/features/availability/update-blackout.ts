import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlackoutUpdate } from '../../../domain/schemas/blackout.schema';
import { apiPatch } from '../../lib/api';
import type { BlackoutDto as Blackout } from '../../../domain/schemas/blackout.schema';
import { invalidateAvailabilityViews } from './invalidate-availability';

/** PATCH /api/blackouts/:id (manager+). */
export async function updateBlackout(input: {
  blackoutId: string;
  changes: BlackoutUpdate;
}): Promise<Blackout> {
  const path = `/api/blackouts/${encodeURIComponent(input.blackoutId)}`;
  return (await apiPatch<{ data: Blackout }>(path, input.changes)).data;
}

export function useUpdateBlackout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlackout,
    meta: { suppressErrorToast: true },
    onSuccess: () => invalidateAvailabilityViews(queryClient),
  });
}
