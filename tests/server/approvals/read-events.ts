import { expect } from 'vitest';
import { eventStreamParser } from '../../../src/shared/api/event-stream';

type Received = { event: string; data: unknown };

/**
 * Reads server-sent events from a fetch stream until `until` says stop; `onOpen` runs once the
 * stream's first bytes arrived (the server is subscribed by then).
 */
export async function readEvents(
  url: string,
  headers: Record<string, string>,
  until: (events: Received[]) => boolean,
  onOpen?: () => Promise<void>,
): Promise<Received[]> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), 10_000);
  const res = await fetch(url, { headers, signal: ac.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: Received[] = [];
  const feed = eventStreamParser((e) => events.push({ event: e.event, data: JSON.parse(e.data) }));
  let opened = false;
  try {
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      feed(decoder.decode(value, { stream: true }));
      if (!opened && onOpen) {
        opened = true;
        await onOpen();
      }
    }
  } finally {
    clearTimeout(timer);
    ac.abort();
  }
  return events;
}
