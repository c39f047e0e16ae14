import type { FastifyPluginAsync } from 'fastify';
import { actorOf, requireRole } from '../http/guards';
import { createEventBus } from './event-bus';
import { isSessionStillActive } from './events.repository';
import { formatSseComment, formatSseEvent } from './sse';

export type EventsRoutesOptions = {
  /** How often a heartbeat comment is sent (25 s, under common 30 s proxy timeouts). */
  heartbeatMs?: number;
};

/** How long the browser waits before it reconnects after a drop (the SSE `retry` field). */
const RECONNECT_MS = 3000;

/**
 * DESIGN §2 and §5: `GET /api/events`, a Server-Sent Events stream of `booking`, `payment` and
 * `availability` changes for signed-in staff. The response is hijacked from Fastify (it never
 * ends by itself); each stream ends when the client leaves, when its session ends, or when the
 * app closes.
 */
export const eventsRoutes: FastifyPluginAsync<EventsRoutesOptions> = async (app, options) => {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const bus = createEventBus(app.deps.database, app.log);
  const open = new Set<() => void>();

  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.addHook('onClose', async () => {
    await bus.close();
  });

  app.get(
    '/api/events',
    { onRequest: requireRole('staff'), schema: { tags: ['events'] } },
    async (request, reply) => {
      const actor = actorOf(request);
      let ended = false;
      const raw = reply.raw;
      const write = (chunk: string) => {
        if (!ended && !raw.writableEnded) raw.write(chunk);
      };

      let unsubscribe: () => void = () => undefined;
      const timers: NodeJS.Timeout[] = [];
      const end = () => {
        if (ended) return;
        ended = true;
        open.delete(end);
        for (const timer of timers) clearInterval(timer);
        unsubscribe();
        if (!raw.writableEnded) raw.end();
      };

      reply.hijack();
      // Security headers set by the hooks (helmet, refreshed session cookie) go out as well.
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value : String(value);
      }
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${RECONNECT_MS}\n${formatSseComment('connected')}`);
      open.add(end);
      request.raw.on('close', end);
      raw.on('error', end);

      try {
        unsubscribe = await bus.subscribe((event) => write(formatSseEvent(event)));
      } catch (error) {
        request.log.error({ err: error }, 'could not subscribe to resort events');
        end();
        return;
      }
      if (ended) {
        unsubscribe();
        return;
      }

      const heartbeat = setInterval(() => {
        write(formatSseComment('heartbeat'));
        isSessionStillActive(app.deps.database, actor.sessionId).then(
          (active) => {
            if (!active) end();
          },
          () => undefined,
        );
      }, heartbeatMs);
      heartbeat.unref();
      timers.push(heartbeat);
    },
  );
};
