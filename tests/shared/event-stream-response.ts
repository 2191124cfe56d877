/** A text/event-stream answer of these chunks, ended after them (what a stubbed fetch returns). */
export const eventStreamResponse = (...chunks: string[]): Response =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
        c.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

/** The URL a stubbed fetch was called with, a Request or a string. */
export const urlOf = (input: unknown): string => (input instanceof Request ? input.url : String(input));
