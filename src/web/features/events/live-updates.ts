import type { ResortEvent, ResortEventType } from '../../../domain/live-events';
import { toast } from '../../components/ui/toast';

/** DESIGN §5: the changes GET /api/events announces. */
export type LiveEventType = ResortEventType;
export type LiveEvent = ResortEvent;

/** Delivered after a lost connection came back: anything may have changed meanwhile. */
export type LiveSignal = LiveEvent | { type: 'reconnected' };

/** SPEC §8's message for a realtime channel error. */
export const SUBSCRIPTION_ERROR_MESSAGE = 'Availability subscription error';

const EVENT_TYPES: readonly LiveEventType[] = ['booking', 'payment', 'availability'];
/** A drop shorter than this (a server restart, a network blip) passes without a toast. */
const QUIET_OUTAGE_MS = 5000;
/** Leaving one page for another keeps the connection open this long. */
const IDLE_CLOSE_MS = 10_000;

const listeners = new Set<(signal: LiveSignal) => void>();
let source: EventSource | null = null;
let retryDelay = 1000;
let reconnectTimer: number | undefined;
let closeTimer: number | undefined;
let toastTimer: number | undefined;
let outage = false;
let toasted = false;

function emit(signal: LiveSignal) {
  for (const listener of [...listeners]) {
    try {
      listener(signal);
    } catch (error) {
      console.warn('A live-update listener failed', error);
    }
  }
}

function parse(type: LiveEventType, message: MessageEvent<string>): LiveEvent | null {
  try {
    const data = JSON.parse(message.data) as LiveEvent['data'];
    return typeof data === 'object' && data !== null ? { type, data } : null;
  } catch {
    return null;
  }
}

function connect() {
  reconnectTimer = undefined;
  const next = new EventSource('/api/events');
  source = next;
  next.onopen = () => {
    retryDelay = 1000;
    window.clearTimeout(toastTimer);
    if (outage) {
      outage = false;
      toasted = false;
      emit({ type: 'reconnected' });
    }
  };
  for (const type of EVENT_TYPES) {
    next.addEventListener(type, (message) => {
      const event = parse(type, message as MessageEvent<string>);
      if (event) emit(event);
    });
  }
  next.onerror = () => {
    if (!outage) {
      outage = true;
      // SPEC §8: one toast per outage, and none for a drop that heals by itself.
      toastTimer = window.setTimeout(() => {
        if (outage && !toasted && listeners.size > 0) {
          toasted = true;
          toast.error(SUBSCRIPTION_ERROR_MESSAGE, {
            id: 'availability-subscription-error',
            description:
              'Live updates pause until the connection is back. Lists refresh on their own.',
          });
        }
      }, QUIET_OUTAGE_MS);
    }
    // The browser retries by itself unless the server refused the stream (closed): then retry
    // here, slower each time, up to every 30 seconds.
    if (next.readyState === EventSource.CLOSED && source === next) {
      source = null;
      reconnectTimer = window.setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 30_000);
    }
  };
}

function disconnect() {
  closeTimer = undefined;
  window.clearTimeout(reconnectTimer);
  window.clearTimeout(toastTimer);
  reconnectTimer = undefined;
  source?.close();
  source = null;
  outage = false;
  toasted = false;
}

/**
 * Subscribes to the app's one EventSource on /api/events, opening it for the first subscriber and
 * closing it a little after the last one leaves. Returns the unsubscribe function.
 */
export function subscribeToLiveUpdates(listener: (signal: LiveSignal) => void): () => void {
  listeners.add(listener);
  window.clearTimeout(closeTimer);
  closeTimer = undefined;
  if (!source && reconnectTimer === undefined && typeof EventSource !== 'undefined') connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.clearTimeout(closeTimer);
      closeTimer = window.setTimeout(disconnect, IDLE_CLOSE_MS);
    }
  };
}
