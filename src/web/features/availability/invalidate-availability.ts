import type { QueryClient } from '@tanstack/react-query';
import { availabilityQueryKey } from './query-keys';

/** Blocked dates show on the staff views, the dashboard and the public calendar. */
export async function invalidateAvailabilityViews(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: availabilityQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['public', 'calendar'] }),
    queryClient.invalidateQueries({ queryKey: ['units'] }),
  ]);
}
