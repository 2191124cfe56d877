import { expect } from 'vitest';

/** Reads server-sent events from a fetch stream until `until` says stop. */
export async function readEvents(
  url: string,
  headers: Record<string, string>,
  until: (events: { event: string; data: unknown }[]) => boolean,
  onOpen?: () => Promise<void>,
): Promise<{ event: string; data: unknown }[]> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), 10_000);
  const res = await fetch(url, { headers, signal: ac.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  let opened = false;
  try {
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let i;
      while ((i = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
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
