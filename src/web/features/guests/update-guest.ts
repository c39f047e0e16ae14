import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestUpdate } from '../../../domain/schemas/guest.schema';
import { apiPatch, apiPost } from '../../lib/api';
import { invalidateBookingData } from '../bookings/invalidate-bookings';
import type { GuestDetailDto as GuestDetail } from '../../../domain/schemas/guest.schema';

/** PATCH /api/guests/:id (managers and above). */
export async function updateGuest(input: {
  guestId: string;
  changes: GuestUpdate;
}): Promise<GuestDetail> {
  const body = await apiPatch<{ data: GuestDetail }>(
    `/api/guests/${encodeURIComponent(input.guestId)}`,
    input.changes,
  );
  return body.data;
}

export function useUpdateGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGuest,
    meta: { suppressErrorToast: true },
    onSuccess: () => invalidateBookingData(queryClient),
  });
}

/** POST /api/guests/:id/anonymize (owners and above; irreversible). */
export async function anonymizeGuest(input: {
  guestId: string;
  confirmName: string;
}): Promise<GuestDetail> {
  const body = await apiPost<{ data: GuestDetail }>(
    `/api/guests/${encodeURIComponent(input.guestId)}/anonymize`,
    { confirm_name: input.confirmName },
  );
  return body.data;
}

export function useAnonymizeGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: anonymizeGuest,
    meta: { suppressErrorToast: true },
    onSettled: () => invalidateBookingData(queryClient),
  });
}
