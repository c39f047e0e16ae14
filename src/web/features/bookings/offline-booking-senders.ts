import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { installOfflineBookingChanges, type BookingChange } from './offline-booking-changes';

/**
 * Sends one queued booking change (offline-booking-changes.ts) with the usual fetchers, loaded
 * when there is one to send: every back office page installs the queue, and the fetchers bring
 * the mutations' optimistic updates with them (decision 0014, round 4).
 */
export async function sendBookingChange(change: BookingChange): Promise<unknown> {
  switch (change.operation) {
    case 'booking.status':
      return (await import('./change-booking-status')).changeBookingStatus(change.data);
    case 'booking.update':
      return (await import('./update-booking')).updateBooking(change.data);
    default:
      throw new Error('Unknown offline operation');
  }
}

/**
 * Installs the offline queue for as long as the back office is shown (the staff layout); not for
 * an account that may not change bookings (`enabled` false: a housekeeping account, issue 22).
 */
export function useOfflineBookingChanges(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(
    () => (enabled ? installOfflineBookingChanges(queryClient, sendBookingChange) : undefined),
    [queryClient, enabled],
  );
}
