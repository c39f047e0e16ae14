import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 serving the channels' feeds for the channel sync tests: each
 * path answers what the test last set for it. Requests are counted per path.
 */
export type FeedHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export type FeedServer = {
  origin: string;
  url(path: string): string;
  set(path: string, handler: FeedHandler): void;
  /** Serves `body` as text/calendar. */
  calendar(path: string, body: string): void;
  hits(path: string): number;
  close(): Promise<void>;
};

export async function startFeedServer(): Promise<FeedServer> {
  const handlers = new Map<string, FeedHandler>();
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const handler = handlers.get(path);
    if (!handler) {
      res.writeHead(404).end('not found');
      return;
    }
    handler(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    set: (path, handler) => handlers.set(path, handler),
    calendar: (path, body) =>
      handlers.set(path, (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
      }),
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An iCalendar file with CRLF line endings from its lines. */
export function ics(...lines: string[]): string {
  return [...lines, ''].join('\r\n');
}

/** Airbnb's feed (issue 19 "Facts about the feeds") with the given events. */
export function airbnbFeed(events: { uid: string; summary: string; start: string; end: string }[]) {
  return ics(
    'BEGIN:VCALENDAR',
    'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `DTEND;VALUE=DATE:${event.end.replace(/-/g, '')}`,
      `DTSTART;VALUE=DATE:${event.start.replace(/-/g, '')}`,
      `UID:${event.uid}`,
      ...(event.summary === 'Reserved'
        ? [
            'DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABCD',
            ' EFGH\\nPhone Number (Last 4 Digits): 1234',
          ]
        : []),
      `SUMMARY:${event.summary}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  );
}
