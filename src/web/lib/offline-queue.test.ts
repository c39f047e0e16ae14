import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import {
  MAX_RETRIES_LOG,
  OFFLINE_EXPIRY_MS,
  OFFLINE_QUEUE_LIMIT,
  createOfflineQueue,
  type DropReason,
  type OfflineQueueItem,
} from './offline-queue';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

function setup(execute: (item: OfflineQueueItem) => Promise<void>) {
  let clock = 1_000_000;
  let n = 0;
  const storage = memoryStorage();
  const dropped: [string, DropReason][] = [];
  const sent: string[] = [];
  const queue = createOfflineQueue({
    storage,
    now: () => clock,
    newId: () => `item-${++n}`,
    execute,
    onDropped: (item, reason) => dropped.push([item.operation, reason]),
    onSent: (item) => sent.push(item.operation),
  });
  return {
    queue,
    storage,
    dropped,
    sent,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const offline = () =>
  Promise.reject(new ApiError(0, 'Network error. Please check your connection.'));

afterEach(() => vi.restoreAllMocks());

describe('offline queue (SPEC §3, §4 and §9)', () => {
  it('keeps items with SPEC §3’s fields, in local storage', () => {
    const { queue, storage } = setup(() => Promise.resolve());
    const item = queue.enqueue('booking.status', { bookingId: 'b1', status: 'Confirmed' });
    expect(item).toEqual({
      id: 'item-1',
      timestamp: 1_000_000,
      retryCount: 0,
      maxRetries: 3,
      operation: 'booking.status',
      data: { bookingId: 'b1', status: 'Confirmed' },
    });
    expect(JSON.parse(storage.items.get('resort.offline-queue')!)).toEqual([item]);
  });

  it('sends the items in order when flushed and forgets them', async () => {
    const order: string[] = [];
    const { queue, sent } = setup(async (item) => {
      order.push(item.operation);
    });
    queue.enqueue('first', 1);
    queue.enqueue('second', 2);
    await queue.flush();
    expect(order).toEqual(['first', 'second']);
    expect(sent).toEqual(['first', 'second']);
    expect(queue.items()).toEqual([]);
  });

  it('tries an item 3 times without a connection, then drops it and logs why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { queue, dropped } = setup(offline);
    queue.enqueue('booking.status', {});
    await queue.flush();
    await queue.flush();
    expect(queue.items()[0]?.retryCount).toBe(2);
    expect(dropped).toEqual([]);
    await queue.flush();
    expect(queue.items()).toEqual([]);
    expect(dropped).toEqual([['booking.status', 'retries']]);
    expect(warn).toHaveBeenCalledWith(MAX_RETRIES_LOG, 'booking.status');
  });

  it('drops an item the server refuses at once and goes on with the next', async () => {
    const { queue, dropped, sent } = setup(async (item) => {
      if (item.operation === 'bad')
        throw new ApiError(409, 'Cannot transition from Cancelled to Confirmed');
    });
    queue.enqueue('bad', {});
    queue.enqueue('good', {});
    await queue.flush();
    expect(dropped).toEqual([['bad', 'refused']]);
    expect(sent).toEqual(['good']);
  });

  it('drops a change older than 5 minutes instead of sending it', async () => {
    const execute = vi.fn(() => Promise.resolve());
    const { queue, dropped, advance } = setup(execute);
    queue.enqueue('old', {});
    advance(OFFLINE_EXPIRY_MS + 1);
    queue.enqueue('new', {});
    await queue.flush();
    expect(dropped).toEqual([['old', 'expired']]);
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it('keeps at most 100, dropping the oldest', () => {
    const { queue, dropped } = setup(() => Promise.resolve());
    for (let i = 0; i <= OFFLINE_QUEUE_LIMIT; i += 1) queue.enqueue(`op-${i}`, i);
    expect(queue.items()).toHaveLength(OFFLINE_QUEUE_LIMIT);
    expect(dropped).toEqual([['op-0', 'overflow']]);
  });

  it('finds the items of a previous page load', () => {
    const first = setup(() => Promise.resolve());
    first.queue.enqueue('booking.update', { bookingId: 'b1' });
    const reloaded = createOfflineQueue({
      storage: first.storage,
      execute: () => Promise.resolve(),
    });
    expect(reloaded.items().map((item) => item.operation)).toEqual(['booking.update']);
  });
});
