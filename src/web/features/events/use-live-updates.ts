import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { subscribeToLiveUpdates, type LiveSignal } from './live-updates';

/** What each change makes stale (by query-key prefix). */
const STALE_KEYS: Record<LiveSignal['type'], QueryKey[]> = {
  booking: [
    ['bookings'],
    ['availability'],
    ['dashboard'],
    ['units'],
    ['guests'],
    ['public', 'calendar'],
  ],
  payment: [['payments'], ['bookings'], ['dashboard'], ['notifications']],
  availability: [
    ['availability'],
    ['dashboard'],
    ['units'],
    ['public', 'calendar'],
    ['public', 'units'],
  ],
  reconnected: [
    ['bookings'],
    ['payments'],
    ['availability'],
    ['dashboard'],
    ['units'],
    ['notifications'],
    ['public', 'calendar'],
  ],
};

/** Bursts (a booking and its lines, a bulk change) refresh once. */
const BATCH_MS = 200;

function invalidateLater(queryClient: QueryClient) {
  const pending = new Map<string, QueryKey>();
  let timer: number | undefined;
  return {
    add(keys: QueryKey[]) {
      for (const key of keys) pending.set(JSON.stringify(key), key);
      timer ??= window.setTimeout(() => {
        timer = undefined;
        const keysNow = [...pending.values()];
        pending.clear();
        for (const queryKey of keysNow) void queryClient.invalidateQueries({ queryKey });
      }, BATCH_MS);
    },
    cancel() {
      window.clearTimeout(timer);
    },
  };
}

/**
 * DESIGN §2 live updates: while a staff page that shows bookings, payments or availability is
 * open, changes made anywhere (another browser, another app instance) refresh its lists, the
 * calendar and the dashboard within a second. `onSignal` lets a page react further (SPEC §8's
 * "Availability updated" warning where a selection became unavailable).
 */
export function useLiveUpdates(onSignal?: (signal: LiveSignal) => void): void {
  const queryClient = useQueryClient();
  const callback = useRef(onSignal);
  useEffect(() => {
    callback.current = onSignal;
  });
  useEffect(() => {
    const batch = invalidateLater(queryClient);
    const unsubscribe = subscribeToLiveUpdates((signal) => {
      batch.add(STALE_KEYS[signal.type]);
      callback.current?.(signal);
    });
    return () => {
      unsubscribe();
      batch.cancel();
    };
  }, [queryClient]);
}

/** The hook as a component, for a layout to mount once for every staff page. */
export function LiveUpdates(): null {
  useLiveUpdates();
  return null;
}
