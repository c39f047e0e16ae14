/**
 * Every booking's messages; a booking or payment change refreshes them (invalidate-bookings). On
 * its own so that the live updates every back office page runs do not load the messages' schemas.
 */
export const bookingMessagesKey = ['booking-messages'] as const;
