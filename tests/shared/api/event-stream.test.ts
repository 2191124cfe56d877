// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { eventStreamParser, readEventStream, type ServerEvent } from '../../../src/shared/api/event-stream';

const parse = (chunks: string[]) => {
  const events: ServerEvent[] = [];
  const feed = eventStreamParser((e) => events.push(e));
  for (const c of chunks) feed(c);
  return events;
};

describe('reading a text/event-stream', () => {
  it('names each event, skips comments and keep-alives, and waits for the blank line', () => {
    expect(
      parse([
        ': stream open\n\n',
        'event: status\ndata: {"status":"waiting"}\n\n',
        ': keep-alive\n\n',
        'data: x\n',
      ]),
    ).toEqual([{ event: 'status', data: '{"status":"waiting"}' }]);
  });

  it('gives the same events however the stream is cut into chunks, CRLF and CR included', () => {
    const text =
      'event: approvals\r\ndata: {"a":1}\r\n\r\nevent:plain\rdata:no space\r\r: c\ndata: first\ndata: second\n\n';
    const whole = parse([text]);
    expect(whole).toEqual([
      { event: 'approvals', data: '{"a":1}' },
      { event: 'plain', data: 'no space' },
      { event: 'message', data: 'first\nsecond' },
    ]);
    for (let size = 1; size <= 7; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      expect(parse(chunks)).toEqual(whole);
    }
  });

  it('dispatches no event without data, and forgets the name of one', () => {
    expect(parse(['event: lonely\n\n', 'data: after\n\n'])).toEqual([{ event: 'message', data: 'after' }]);
  });

  it('reads a response body to its end, multi-byte characters split across chunks included', async () => {
    const bytes = new TextEncoder().encode('event: status\ndata: {"name":"Budi Śantoso — 你好"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const b of bytes) controller.enqueue(new Uint8Array([b]));
        controller.close();
      },
    });
    const events: ServerEvent[] = [];
    await readEventStream(body, (e) => events.push(e));
    expect(events).toEqual([{ event: 'status', data: '{"name":"Budi Śantoso — 你好"}' }]);
  });
});
