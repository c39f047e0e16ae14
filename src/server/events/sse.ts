import type { ResortEvent } from '../../domain/live-events';

/** One Server-Sent Events message (the data is one line of JSON). */
export function formatSseEvent(event: ResortEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** A comment line: ignored by EventSource, but it keeps proxies from closing an idle stream. */
export function formatSseComment(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;
}
