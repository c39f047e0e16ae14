// Issue 24's import workload: 50 channel feeds of 200 one-night events each, served as Airbnb
// shapes them by a real HTTP server on 127.0.0.1 (the server under test downloads them with
// FETCH_ALLOW_PRIVATE=1, as the channel tests do). Each generation moves every event by a day,
// so each pass of the import changes all 10,000 events.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FEEDS = 50;
export const EVENTS_PER_FEED = 200;
/** The first night of the feeds: years nothing else of the bench books. */
const FIRST_NIGHT = Date.UTC(2034, 0, 1);
const DAY = 86_400_000;

export type FeedEvent = { uid: string; summary: string; start_date: string; end_date: string };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Feed `feed`'s events in `generation`: one night every other day, shifted by the parity. */
export function feedEvents(feed: number, generation: number): FeedEvent[] {
  return Array.from({ length: EVENTS_PER_FEED }, (_, i) => {
    const start = FIRST_NIGHT + (2 * i + (generation % 2)) * DAY;
    return {
      uid: `bench-feed-${feed}-event-${i}@bench.example`,
      summary: i % 5 === 0 ? 'Airbnb (Not available)' : 'Reserved',
      start_date: isoDay(start),
      end_date: isoDay(start + DAY),
    };
  });
}

function feedText(events: readonly FeedEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `DTEND;VALUE=DATE:${event.end_date.replace(/-/g, '')}`,
      `DTSTART;VALUE=DATE:${event.start_date.replace(/-/g, '')}`,
      `UID:${event.uid}`,
      `SUMMARY:${event.summary}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

export type FeedServer = {
  /** Feed n's URL (n from 0 to FEEDS - 1). */
  url: (feed: number) => string;
  /** What every feed answers from now on. */
  serve: (generation: number) => void;
  close: () => Promise<void>;
};

export async function startFeedServer(): Promise<FeedServer> {
  let bodies: string[] = [];
  const serve = (generation: number) => {
    bodies = Array.from({ length: FEEDS }, (_, feed) => feedText(feedEvents(feed, generation)));
  };
  serve(0);
  const server = http.createServer((request, response) => {
    const match = /^\/feeds\/(\d+)\.ics$/.exec(request.url ?? '');
    const body = match ? bodies[Number(match[1])] : undefined;
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (feed) => `http://127.0.0.1:${port}/feeds/${feed}.ics`,
    serve,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
