import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { changeBookingStatus } from './change-booking-status';
import { installOfflineBookingChanges, type BookingChange } from './offline-booking-changes';
import { updateBooking } from './update-booking';

/** Sends one queued booking change (offline-booking-changes.ts) with the usual fetchers. */
export async function sendBookingChange(change: BookingChange): Promise<unknown> {
  switch (change.operation) {
    case 'booking.status':
      return changeBookingStatus(change.data);
    case 'booking.update':
      return updateBooking(change.data);
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
