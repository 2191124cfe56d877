import type { FastifyReply, FastifyRequest } from 'fastify';

/** This process's open streams, each ended by its function with a word to reconnect (a drain). */
const streams = new Set<(retryMs: number) => void>();

/**
 * A graceful stop ends every open stream with `retry: <ms>` and an event `reconnect`: the clients open
 * the stream again at once, through the load balancer, on a server that is not stopping (every stream
 * reads the database and is woken through LISTEN/NOTIFY, so any server serves it). Returns how many.
 */
export function endEventStreams(retryMs = 500): number {
  const ending = [...streams];
  for (const end of ending) end(retryMs);
  return ending.length;
}

/**
 * Opens a server-sent-events stream on a hijacked reply. `poll` is re-read on every `wake()` and
 * every pollMs; `send` writes an event. The stream ends when the client leaves, when `done` says so,
 * or after maxMs.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: {
    pollMs: number;
    maxMs: number;
    tick: (send: (event: string, data: unknown) => void) => Promise<boolean>;
  },
): { wake: () => void; closed: Promise<void> } {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    'X-Content-Type-Options': 'nosniff',
  });
  res.write(': stream open\n\n');
  let live = true;
  let running = false;
  let again = false;
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  const send = (event: string, data: unknown) => {
    if (live) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const reconnect = (retryMs: number) => {
    if (live) res.write(`retry: ${retryMs}\nevent: reconnect\ndata: {}\n\n`);
    close();
  };
  streams.add(reconnect);
  const close = () => {
    if (!live) return;
    live = false;
    streams.delete(reconnect);
    clearInterval(timer);
    clearInterval(heartbeat);
    clearTimeout(limit);
    res.end();
    resolveClosed();
  };
  const run = async () => {
    if (!live) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const done = await opts.tick(send);
        if (done) return close();
      } while (again && live);
    } catch (err) {
      request.log.warn({ err }, 'event stream tick failed');
      close();
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), opts.pollMs);
  const heartbeat = setInterval(() => live && res.write(': keep-alive\n\n'), 15_000);
  const limit = setTimeout(close, opts.maxMs);
  request.raw.on('close', close);
  void run();
  return { wake: () => void run(), closed };
}
