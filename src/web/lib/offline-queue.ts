import { isApiError } from './api';

/*
 * SPEC §3 "Offline queue item" and §4/§9 "Optimistic changes": a change made without a connection
 * waits here and is sent when the browser is back online. Each item is tried up to 3 times, then
 * dropped with a message; an item older than 5 minutes is dropped (the screen it was made on has
 * moved on); at most 100 are kept, the oldest dropped first. Kept in local storage so a reload
 * while offline does not lose them.
 */

export interface OfflineQueueItem {
  id: string;
  timestamp: number;
  retryCount: number;
  maxRetries: number;
  operation: string;
  data: unknown;
}

export type DropReason = 'retries' | 'expired' | 'refused' | 'overflow' | 'failed';

export const OFFLINE_MAX_RETRIES = 3;
export const OFFLINE_EXPIRY_MS = 5 * 60 * 1000;
export const OFFLINE_QUEUE_LIMIT = 100;
export const OFFLINE_CLEANUP_MS = 60 * 1000;
export const MAX_RETRIES_LOG = 'Max retries exceeded for offline operation';

export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface OfflineQueueOptions {
  storageKey?: string;
  storage?: QueueStorage | null;
  now?: () => number;
  newId?: () => string;
  /** Sends one item; throws an ApiError as lib/api does. */
  execute: (item: OfflineQueueItem) => Promise<void>;
  onDropped?: (item: OfflineQueueItem, reason: DropReason, error?: unknown) => void;
  onSent?: (item: OfflineQueueItem) => void;
}

/** A network failure (no answer at all): worth trying again later. */
export function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && error.status === 0;
}

function isItem(value: unknown): value is OfflineQueueItem {
  const item = value as OfflineQueueItem;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof item.id === 'string' &&
    typeof item.timestamp === 'number' &&
    typeof item.retryCount === 'number' &&
    typeof item.maxRetries === 'number' &&
    typeof item.operation === 'string'
  );
}

export function createOfflineQueue(options: OfflineQueueOptions) {
  const storageKey = options.storageKey ?? 'resort.offline-queue';
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? (() => crypto.randomUUID());
  let items: OfflineQueueItem[] = load();
  let flushing: Promise<void> | null = null;

  function load(): OfflineQueueItem[] {
    try {
      const parsed = JSON.parse(options.storage?.getItem(storageKey) ?? '[]') as unknown;
      return Array.isArray(parsed) ? parsed.filter(isItem) : [];
    } catch {
      return [];
    }
  }

  function save() {
    try {
      options.storage?.setItem(storageKey, JSON.stringify(items));
    } catch {
      // Storage full or blocked: the queue still lives in memory.
    }
  }

  function drop(item: OfflineQueueItem, reason: DropReason, error?: unknown) {
    items = items.filter((other) => other.id !== item.id);
    save();
    options.onDropped?.(item, reason, error);
  }

  /** Drops what has waited longer than 5 minutes. */
  function cleanup() {
    for (const item of [...items]) {
      if (now() - item.timestamp > OFFLINE_EXPIRY_MS) drop(item, 'expired');
    }
  }

  async function flushOnce() {
    cleanup();
    for (const item of [...items]) {
      if (!items.some((other) => other.id === item.id)) continue;
      try {
        await options.execute(item);
        items = items.filter((other) => other.id !== item.id);
        save();
        options.onSent?.(item);
      } catch (error) {
        if (!isNetworkFailure(error)) {
          // The server judged it (a 409 "Cannot transition", a 403...): sending it again won't help.
          drop(item, isApiError(error) ? 'refused' : 'failed', error);
          continue;
        }
        item.retryCount += 1;
        if (item.retryCount >= item.maxRetries) {
          console.warn(MAX_RETRIES_LOG, item.operation);
          drop(item, 'retries', error);
        } else {
          save();
        }
        // Still no connection: the rest waits for the next flush.
        return;
      }
    }
  }

  return {
    enqueue(operation: string, data: unknown): OfflineQueueItem {
      const item: OfflineQueueItem = {
        id: newId(),
        timestamp: now(),
        retryCount: 0,
        maxRetries: OFFLINE_MAX_RETRIES,
        operation,
        data,
      };
      items = [...items, item];
      while (items.length > OFFLINE_QUEUE_LIMIT) drop(items[0]!, 'overflow');
      save();
      return item;
    },
    items: (): readonly OfflineQueueItem[] => items,
    cleanup,
    /** Sends the waiting items in order; one flush at a time. */
    flush(): Promise<void> {
      flushing ??= flushOnce().finally(() => {
        flushing = null;
      });
      return flushing;
    },
  };
}

export type OfflineQueue = ReturnType<typeof createOfflineQueue>;
