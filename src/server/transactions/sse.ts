import type { FastifyReply, FastifyRequest } from 'fastify';

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
  let open = true;
  let running = false;
  let again = false;
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  const send = (event: string, data: unknown) => {
    if (open) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const close = () => {
    if (!open) return;
    open = false;
    clearInterval(timer);
    clearInterval(heartbeat);
    clearTimeout(limit);
    res.end();
    resolveClosed();
  };
  const run = async () => {
    if (!open) return;
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
      } while (again && open);
    } catch (err) {
      request.log.warn({ err }, 'event stream tick failed');
      close();
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), opts.pollMs);
  const heartbeat = setInterval(() => open && res.write(': keep-alive\n\n'), 15_000);
  const limit = setTimeout(close, opts.maxMs);
  request.raw.on('close', close);
  void run();
  return { wake: () => void run(), closed };
}
