import type { AppDb, AppTx } from '../db/client';
import {
  findOrCreateGuestByEmail as findOrCreateGuestRow,
  refreshGuestTotals as refreshGuestTotalsRow,
  type GuestRow,
} from './guests.repository';

/**
 * The guest side of a booking, for the features that write bookings and payments: the guest found
 * or created by e-mail, and the totals that follow their bookings and payments (DESIGN §6). It
 * imports no other feature, so bookings, payments and guest-booking call it without an import
 * circle through guests.service.ts (which reads bookings and payments).
 */

/** DESIGN §6: the guest with this e-mail (case-insensitive), renamed to the newest name, or a new one. */
export function findOrCreateGuestByEmail(
  tx: AppDb | AppTx,
  guest: { guest_name: string; email: string | null; phone_number: string | null },
): Promise<{ guest: GuestRow; created: boolean }> {
  return findOrCreateGuestRow(tx, guest);
}

/**
 * Re-counts the guest's bookings, cancelled bookings and money kept. Call it in the transaction
 * that changed one of their bookings' status or payments; answers the guest as updated.
 */
export function refreshGuestTotals(
  tx: AppDb | AppTx,
  guestId: string,
): Promise<GuestRow | undefined> {
  return refreshGuestTotalsRow(tx, guestId);
}
