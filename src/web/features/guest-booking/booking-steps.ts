/** SPEC §4 guest booking flow and its progress values, with what the guest reads at each step. */
export const BOOKING_STEPS = {
  start: { value: 5, label: 'Starting your booking…' },
  validating: { value: 10, label: 'Checking your details…' },
  preparing: { value: 20, label: 'Preparing your payment proof…' },
  creating: { value: 30, label: 'Creating your booking…' },
  uploading: { value: 40, label: 'Uploading your payment proof…' },
  confirming: { value: 90, label: 'Confirming your booking…' },
  done: { value: 100, label: 'Booking complete.' },
} as const;

export type BookingStep = keyof typeof BOOKING_STEPS;
