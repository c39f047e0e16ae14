import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Blackout as BlackoutForm } from '../../../domain/schemas/blackout.schema';
import { apiPost } from '../../lib/api';
import type { BlackoutDto as Blackout } from '../../../domain/schemas/blackout.schema';
import { invalidateAvailabilityViews } from './invalidate-availability';

/** POST /api/blackouts (manager+; refused over existing bookings, naming them). */
export async function createBlackout(input: BlackoutForm): Promise<Blackout> {
  return (await apiPost<{ data: Blackout }>('/api/blackouts', input)).data;
}

export function useCreateBlackout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlackout,
    meta: { suppressErrorToast: true },
    onSuccess: () => invalidateAvailabilityViews(queryClient),
  });
}
