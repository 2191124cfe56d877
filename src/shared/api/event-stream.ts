/** One server-sent event: its name ('message' when the server gave none) and its data lines joined. */
export interface ServerEvent {
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream into events, chunk by chunk as they arrive (a chunk may end anywhere,
 * even inside a line). Follows the HTML standard's rules: LF, CRLF or CR end a line, a blank line ends
 * an event, ':' starts a comment, one space after the field's colon is dropped, several data lines are
 * joined by LF, and an event without data is not dispatched.
 */
export function eventStreamParser(onEvent: (e: ServerEvent) => void): (chunk: string) => void {
  let pending = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  return (chunk) => {
    pending += chunk;
    let start = 0;
    for (let i = 0; i < pending.length; i++) {
      const c = pending[i];
      if (c !== '\n' && c !== '\r') continue;
      // A CR at the very end may be the first half of a CRLF split across chunks: wait for the next.
      if (c === '\r' && i === pending.length - 1) break;
      line(pending.slice(start, i));
      if (c === '\r' && pending[i + 1] === '\n') i++;
      start = i + 1;
    }
    pending = pending.slice(start);
  };
}

/** Reads a fetch response's event stream to its end, calling onEvent for each event. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (e: ServerEvent) => void,
): Promise<void> {
  const feed = eventStreamParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return feed(decoder.decode());
    feed(decoder.decode(value, { stream: true }));
  }
}
