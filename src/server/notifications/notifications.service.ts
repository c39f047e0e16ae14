import type { AppDeps } from '../deps';
import { countPaymentsAwaitingVerification } from './notifications.repository';

export type NotificationCounts = { payments_awaiting_verification: number };

export async function getNotificationCounts(deps: AppDeps): Promise<NotificationCounts> {
  return {
    payments_awaiting_verification: await countPaymentsAwaitingVerification(deps.database.db),
  };
}
