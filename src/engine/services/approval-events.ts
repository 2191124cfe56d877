// The web's wait for an app approval's decision; loaded with the verify step (scripts/vite/chunking.ts).
import { apiPost, ApiFailure } from '@/shared/api/client';
import { followSignedInStream } from '@/shared/api/signed-in-stream';
import type { ApprovalStatus } from '@/shared/flows';

/**
 * Live approval status: the SSE stream read with fetch (it needs the bearer header), with polling of
 * /verification/status as the fallback when the stream is unavailable or drops.
 */
export function watchApprovalEvents(inquiryId: string, onStatus: (s: ApprovalStatus) => void): () => void {
  const ctrl = new AbortController();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    if (stopped) return;
    try {
      const r = await apiPost<{ status: ApprovalStatus }>(
        '/api/transaction/v1/verification/status',
        { inquiryId },
        { signal: ctrl.signal },
      );
      if (r.status !== 'waiting') onStatus(r.status);
    } catch (err) {
      if (err instanceof ApiFailure && err.kind === 'cancelled') return;
    }
    if (!stopped) timer = setTimeout(poll, 3000);
  };
  (async () => {
    try {
      await followSignedInStream(
        `/api/transaction/v1/verification/events?inquiryId=${encodeURIComponent(inquiryId)}`,
        (e) => {
          try {
            const s = (JSON.parse(e.data) as { status?: ApprovalStatus }).status;
            if (s && s !== 'waiting') onStatus(s);
          } catch {
            // data we do not understand
          }
        },
        ctrl.signal,
      );
      if (!stopped) void poll();
    } catch {
      if (!stopped) void poll();
    }
  })();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    ctrl.abort();
  };
}
