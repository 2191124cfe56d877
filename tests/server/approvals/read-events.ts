import { expect } from 'vitest';
import { eventStreamParser } from '../../../src/shared/api/event-stream';

type Received = { event: string; data: unknown };

/**
 * Reads server-sent events from a fetch stream until `until` says stop; `onOpen` runs once the
 * stream's first event arrived: the server has read the state the stream starts from and is subscribed,
 * so what onOpen changes comes as an event of its own. (The first bytes are the stream's opening comment,
 * written before that read: a change made then could be read as the starting state, one event instead of
 * two, as a fresh clone's run of the across-servers test once saw.)
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
      if (!opened && onOpen && events.length > 0) {
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
