import type { ResortEvent, ResortEventType } from '../../domain/live-events';
import type { Database } from '../db/client';

/** The channel the database triggers announce changes on (migrations/0005_realtime_events.sql). */
export const RESORT_EVENTS_CHANNEL = 'resort_events';

const EVENT_OF_TABLE: Readonly<Record<string, ResortEventType>> = {
  bookings: 'booking',
  payments: 'payment',
  // Issue 20: a receipt issued or voided refreshes the booking's page.
  documents: 'booking',
  // A booking's lines, a blackout or a cabin's change move what is free and when.
  booking_units: 'availability',
  availability_blackouts: 'availability',
  units: 'availability',
};

/** A trigger's payload as an event, or null for anything unexpected. */
export function parseResortEvent(payload: string): ResortEvent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  const type = typeof record.table === 'string' ? EVENT_OF_TABLE[record.table] : undefined;
  const op = record.op;
  if (!type || (op !== 'INSERT' && op !== 'UPDATE' && op !== 'DELETE')) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    type,
    data: {
      table: record.table as string,
      op,
      id: text(record.id),
      booking_id: text(record.booking_id),
      unit_id: text(record.unit_id),
    },
  };
}

export type EventBus = {
  /** Calls `listener` for every event until the returned function is called. */
  subscribe(listener: (event: ResortEvent) => void): Promise<() => void>;
  /** How many listeners are subscribed (for tests and diagnostics). */
  size(): number;
  close(): Promise<void>;
};

/**
 * DESIGN §2 realtime: one LISTEN per app instance, fanned out in process to every subscriber.
 * With PostgreSQL the database delivers each commit's NOTIFY to every instance; with PGlite the
 * same NOTIFY reaches its in-process listener. Listening starts with the first subscriber.
 */
export function createEventBus(
  database: Database,
  log?: { warn(obj: unknown, msg: string): void },
): EventBus {
  const listeners = new Set<(event: ResortEvent) => void>();
  let started: Promise<() => Promise<void>> | null = null;
  let closed = false;

  const dispatch = (payload: string) => {
    const event = parseResortEvent(payload);
    if (!event) return;
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        log?.warn({ err: error }, 'event listener failed');
      }
    }
  };

  const start = () => {
    started ??= database.listen(RESORT_EVENTS_CHANNEL, dispatch).catch((error: unknown) => {
      // Try again with the next subscriber rather than never.
      started = null;
      throw error;
    });
    return started;
  };

  return {
    async subscribe(listener) {
      if (closed) throw new Error('The event bus is closed');
      await start();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    size: () => listeners.size,
    async close() {
      closed = true;
      listeners.clear();
      const stop = started;
      started = null;
      if (stop) await (await stop.catch(() => async () => undefined))();
    },
  };
}
