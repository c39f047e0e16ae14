import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api';
import { invalidateAvailabilityViews } from './invalidate-availability';

/** DELETE /api/blackouts/:id (manager+): the dates open again. */
export async function deleteBlackout(blackoutId: string): Promise<void> {
  await apiDelete(`/api/blackouts/${encodeURIComponent(blackoutId)}`);
}

export function useDeleteBlackout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlackout,
    onSuccess: () => invalidateAvailabilityViews(queryClient),
  });
}
