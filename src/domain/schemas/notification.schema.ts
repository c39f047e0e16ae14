import { z } from 'zod';

/** `GET /api/notifications/count` (DESIGN §3: the real number of payments awaiting verification). */
export const notificationCountSchema = z.object({
  payments_awaiting_verification: z.number().int(),
});
export type NotificationCount = z.infer<typeof notificationCountSchema>;
