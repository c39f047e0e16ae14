/**
 * The root of every bookings query's key; invalidating it refreshes lists and details alike. On
 * its own so that the live updates every back office page runs do not load the list's fetcher.
 */
export const bookingsQueryKey = ['bookings'] as const;
