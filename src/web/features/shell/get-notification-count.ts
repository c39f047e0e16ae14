import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationCount } from '../../../domain/schemas/notification.schema';
import { apiGet } from '../../lib/api';

/** GET /api/notifications/count (DESIGN §3: the real number, not SPEC's fixed 3). */
export function parseNotificationCount(body: unknown): NotificationCount {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const source =
    typeof record.data === 'object' && record.data !== null
      ? (record.data as Record<string, unknown>)
      : record;
  const raw = Number(source.payments_awaiting_verification);
  return { payments_awaiting_verification: Number.isFinite(raw) && raw > 0 ? Math.floor(raw) : 0 };
}

export async function getNotificationCount(signal?: AbortSignal): Promise<NotificationCount> {
  return parseNotificationCount(await apiGet<unknown>('/api/notifications/count', { signal }));
}

/** Payments features invalidate this key when a proof arrives or is verified. */
export const notificationCountQueryKey = ['notifications', 'count'] as const;

export function notificationCountQueryOptions() {
  return queryOptions({
    queryKey: notificationCountQueryKey,
    queryFn: ({ signal }) => getNotificationCount(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useNotificationCount() {
  return useQuery(notificationCountQueryOptions());
}

/** "1 payment awaiting verification", "3 payments awaiting verification". */
export function notificationLabel(count: number): string {
  return `${count} ${count === 1 ? 'payment' : 'payments'} awaiting verification`;
}
