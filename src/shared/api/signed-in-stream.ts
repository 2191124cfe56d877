import { readEventStream, type ServerEvent } from './event-stream';
import { getBrowserId, getCredentials } from './session-store';

/**
 * Reads a signed-in customer's event stream (the session's headers, as the API client sends them) until
 * it ends for good. A server that stops says `reconnect` before it ends the stream: it is opened again
 * at once, and the balancer gives it to another server (every stream reads the shared database).
 * Resolves when a stream ends without that word; rejects when one cannot be opened.
 */
export async function followSignedInStream(
  url: string,
  onEvent: (e: ServerEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  for (let reconnect = true; reconnect && !signal.aborted;) {
    reconnect = false;
    const creds = getCredentials();
    const res = await fetch(url, {
      headers: {
        accept: 'text/event-stream',
        'x-browser-id': getBrowserId(),
        ...(creds ? { authorization: `Bearer ${creds.accessToken}` } : {}),
      },
      signal,
    });
    if (!res.ok || !res.body) throw new Error(`events ${res.status}`);
    await readEventStream(res.body, (e) => {
      if (e.event === 'reconnect') reconnect = true;
      else onEvent(e);
    });
  }
}
