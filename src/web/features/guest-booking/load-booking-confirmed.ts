/**
 * The confirmation screen, loaded when the guest submits (decision 0014, round 4): a fresh
 * visitor's page does not download it, and by the time the booking is made it is there.
 */
export function loadBookingConfirmed() {
  return import('./booking-confirmed');
}
