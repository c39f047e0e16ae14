import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { openDatabase, type Database } from '../../../src/server/db/client';
import type { FastifyInstance } from 'fastify';
import { signInAs, type SignedIn } from '../../support/auth';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKind } from '../../support/test-database';

type SseMessage = { event: string; data: unknown };

/** A streaming reader of GET /api/events over real HTTP, as a browser's EventSource reads it. */
async function openEvents(baseUrl: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  const pump = (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let split;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) messages.push({ event, data: JSON.parse(data.join('\n')) });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    response,
    messages,
    comments,
    async waitFor(
      predicate: (message: SseMessage) => boolean,
      timeoutMs = 5000,
    ): Promise<SseMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`No matching event within ${timeoutMs} ms: ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('localhost', '127.0.0.1');
}

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAs(t, 'staff');
  manager = await signInAs(t, 'manager');
  baseUrl = await listen(t.app);
});
afterAll(() => t.close());

describe(`GET /api/events (${process.env.TEST_DB})`, () => {
  it('refuses anonymous callers', async () => {
    const response = await fetch(`${baseUrl}/api/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Authentication required. Please sign in.' });
  });

  it('streams a booking created in the database as booking and availability events', async () => {
    const stream = await openEvents(baseUrl, staff.cookie);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toContain('no-cache');
      expect(stream.response.headers.get('content-security-policy')).toContain(
        "default-src 'self'",
      );

      const unit = await createUnit(t.database);
      const booking = await createBooking(t.database, unit.unit_id, {
        check_in: '2035-01-10',
        check_out: '2035-01-12',
      });
      const bookingEvent = await stream.waitFor(
        (m) => m.event === 'booking' && (m.data as { id: string }).id === booking.booking_id,
        1000,
      );
      expect(bookingEvent.data).toEqual({
        table: 'bookings',
        op: 'INSERT',
        id: booking.booking_id,
        booking_id: booking.booking_id,
        unit_id: null,
      });
      await stream.waitFor(
        (m) =>
          m.event === 'availability' &&
          (m.data as { booking_id: string }).booking_id === booking.booking_id &&
          (m.data as { unit_id: string }).unit_id === unit.unit_id,
        1000,
      );
      // No guest data travels on the stream.
      expect(JSON.stringify(stream.messages)).not.toContain(booking.guest_name);
      expect(stream.comments).toContain('connected');

      // A blackout made through the API is announced too; a refused change is not.
      const blackout = await manager.inject({
        method: 'POST',
        url: '/api/blackouts',
        payload: {
          unit_id: unit.unit_id,
          start_date: '2035-02-01',
          end_date: '2035-02-02',
          reason: 'Repairs',
        },
      });
      expect(blackout.statusCode).toBe(201);
      await stream.waitFor(
        (m) =>
          m.event === 'availability' &&
          (m.data as { table: string }).table === 'availability_blackouts',
        1000,
      );
      const before = stream.messages.length;
      const refused = await manager.inject({
        method: 'POST',
        url: '/api/blackouts',
        payload: {
          unit_id: unit.unit_id,
          start_date: '2035-01-10',
          end_date: '2035-01-11',
          reason: 'Over a booking',
        },
      });
      expect(refused.statusCode).toBe(409);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(
        stream.messages
          .slice(before)
          .filter((m) => (m.data as { table: string }).table === 'availability_blackouts'),
      ).toEqual([]);
    } finally {
      await stream.close();
    }
  });

  it('ends open streams when the app closes, so shutting down never hangs', async () => {
    const other = await createTestApp();
    try {
      const session = await signInAs(other, 'staff');
      const url = await listen(other.app);
      const stream = await openEvents(url, session.cookie);
      expect(stream.response.status).toBe(200);
      const started = Date.now();
      await other.app.close();
      expect(Date.now() - started).toBeLessThan(5000);
      await stream.close();
    } finally {
      await other.close();
    }
  });
});

// LISTEN/NOTIFY between instances exists only on a PostgreSQL server (one PGlite is one process),
// so this part is defined for the PostgreSQL run alone rather than reported as skipped.
if (testDbKind() === 'postgres') {
  describe('two app instances on one PostgreSQL', () => {
    let second: FastifyInstance;
    let secondDatabase: Database;
    let secondUrl: string;

    beforeAll(async () => {
      const [row] = await t.database.query<{ name: string }>('SELECT current_database() AS name');
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      // Its own pool: the instances share nothing but the database.
      secondDatabase = await openDatabase({ kind: 'postgres', url: url.toString(), max: 5 });
      second = await buildApp({ config: t.config, database: secondDatabase, serveWeb: false });
      secondUrl = await listen(second);
    });
    afterAll(async () => {
      await second.close();
      await secondDatabase.close();
    });

    it("a booking created through one instance reaches the other's /api/events", async () => {
      // The session was made on the first instance; the second reads it from the shared database.
      const stream = await openEvents(secondUrl, staff.cookie);
      try {
        expect(stream.response.status).toBe(200);
        const unit = await createUnit(t.database);
        const booking = await createBooking(t.database, unit.unit_id, {
          check_in: '2035-03-10',
          check_out: '2035-03-12',
        });
        await stream.waitFor(
          (m) => m.event === 'booking' && (m.data as { id: string }).id === booking.booking_id,
          1000,
        );
        const blackout = await manager.inject({
          method: 'POST',
          url: '/api/blackouts',
          payload: {
            unit_id: unit.unit_id,
            start_date: '2035-04-01',
            end_date: '2035-04-01',
            reason: 'Inspection',
          },
        });
        const blackoutId = blackout.json().data.blackout_id;
        await stream.waitFor(
          (m) => m.event === 'availability' && (m.data as { id: string }).id === blackoutId,
          1000,
        );
      } finally {
        await stream.close();
      }
    });
  });
}
