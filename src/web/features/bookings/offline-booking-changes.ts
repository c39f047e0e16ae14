import type { QueryClient } from '@tanstack/react-query';
import type { BookingStatus } from '../../../domain/constants';
import type { BookingUpdate } from '../../../domain/schemas/staff-booking.schema';
import { toast } from '../../components/ui/toast';
import {
  OFFLINE_CLEANUP_MS,
  createOfflineQueue,
  isNetworkFailure,
  type DropReason,
  type OfflineQueue,
  type OfflineQueueItem,
} from '../../lib/offline-queue';
import { invalidateBookingData } from './invalidate-bookings';

/*
 * SPEC §4 offline use of the back office: a booking's status change or edit made without a
 * connection is queued (lib/offline-queue.ts) and sent when the browser is back online.
 */

export type BookingChange =
  | {
      operation: 'booking.status';
      data: { bookingId: string; status: BookingStatus; override_reason?: string };
    }
  | { operation: 'booking.update'; data: { bookingId: string; changes: BookingUpdate } };

/** What a mutation answers when its change was queued instead of sent. */
export interface QueuedChange {
  queued: true;
}

export const OFFLINE_MESSAGES = {
  queued: 'You are offline. The change will be saved when the connection is back.',
  sent: 'Changes made offline were saved.',
  dropped: {
    retries: 'A change made offline could not be saved and was dropped.',
    expired: 'A change made offline waited more than 5 minutes and was dropped.',
    refused: 'A change made offline was refused by the server.',
    overflow: 'Too many changes waited offline; the oldest was dropped.',
    failed: 'A change made offline could not be saved.',
  } satisfies Record<DropReason, string>,
} as const;

let queue: OfflineQueue | null = null;

/**
 * The one queue of the app; main.tsx installs it with the query client and the senders
 * (offline-booking-senders.ts), which import the fetchers that import this file.
 */
export function installOfflineBookingChanges(
  queryClient: QueryClient,
  send: (change: BookingChange) => Promise<unknown>,
): () => void {
  queue = createOfflineQueue({
    storage: typeof window === 'undefined' ? null : window.localStorage,
    execute: async (item: OfflineQueueItem) => {
      await send({ operation: item.operation, data: item.data } as BookingChange);
    },
    onDropped: (_item, reason, error) => {
      toast.error(OFFLINE_MESSAGES.dropped[reason], {
        ...(error instanceof Error && reason === 'refused' ? { description: error.message } : {}),
      });
      void invalidateBookingData(queryClient);
    },
    onSent: () => {
      toast.success(OFFLINE_MESSAGES.sent, { id: 'offline-changes-sent' });
      void invalidateBookingData(queryClient);
    },
  });
  const flush = () => void queue?.flush();
  window.addEventListener('online', flush);
  const timer = window.setInterval(() => queue?.cleanup(), OFFLINE_CLEANUP_MS);
  if (navigator.onLine) flush();
  return () => {
    window.removeEventListener('online', flush);
    window.clearInterval(timer);
    queue = null;
  };
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Sends a change, or queues it when there is no connection (offline already, or the request got
 * no answer). A queued change answers `{ queued: true }`; the screen keeps its optimistic state.
 */
export async function sendOrQueue<T>(
  change: BookingChange,
  send: () => Promise<T>,
): Promise<T | QueuedChange> {
  if (queue && isOffline()) {
    queue.enqueue(change.operation, change.data);
    return { queued: true };
  }
  try {
    return await send();
  } catch (error) {
    if (queue && isNetworkFailure(error)) {
      queue.enqueue(change.operation, change.data);
      return { queued: true };
    }
    throw error;
  }
}

export function isQueued(value: unknown): value is QueuedChange {
  return typeof value === 'object' && value !== null && (value as QueuedChange).queued === true;
}
