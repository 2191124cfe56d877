import { apiPost, ApiFailure } from '@/shared/api/client';
import { followSignedInStream } from '@/shared/api/signed-in-stream';

/** A merchant's dynamic QRIS code (src/server/qris/codes.ts). */
export interface QrisCode {
  id: string;
  merchantId: string;
  payload: string;
  amount: number;
  billNumber: string | null;
  referenceLabel: string;
  status: 'open' | 'paid' | 'cancelled' | 'expired';
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  saleReference: string | null;
  net: number | null;
}

export interface QrisOverview {
  merchant: {
    id: string;
    mid: string;
    name: string;
    nmid: string;
    city: string;
    tip: string;
    staticPayload: string;
  };
  codes: QrisCode[];
  sales: { referenceNo: string; payer: string; amount: number; createdAt: string }[];
  codeTtlMs: number;
  maxAmount: number;
}

export const qrisApi = {
  overview: (signal?: AbortSignal) => apiPost<QrisOverview>('/api/qris/v1/merchant/overview', {}, { signal }),
  create: (body: { merchantId: string; amount: number; billNumber?: string; idempotencyKey: string }) =>
    apiPost<QrisCode>('/api/qris/v1/merchant/code/create', body),
  status: (id: string, signal?: AbortSignal) =>
    apiPost<QrisCode>('/api/qris/v1/merchant/code/status', { id }, { signal }),
  cancel: (id: string) => apiPost<QrisCode>('/api/qris/v1/merchant/code/cancel', { id }),
};

/**
 * Follows a code until it is paid, cancelled or expires: the server's event stream (woken by the
 * payment on whichever app server booked it), and every 3 s its status when the stream is not there.
 * Returns the stop.
 */
export function followCode(id: string, onCode: (c: QrisCode) => void): () => void {
  const ctrl = new AbortController();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    try {
      const c = await qrisApi.status(id, ctrl.signal);
      onCode(c);
      if (c.status !== 'open') return;
    } catch (err) {
      if (err instanceof ApiFailure && err.kind === 'cancelled') return;
    }
    if (!stopped) timer = setTimeout(() => void poll(), 3000);
  };
  void (async () => {
    try {
      let final = false;
      await followSignedInStream(
        `/api/qris/v1/merchant/code/events?id=${encodeURIComponent(id)}`,
        (e) => {
          if (e.event !== 'code') return;
          try {
            const c = JSON.parse(e.data) as QrisCode;
            final = c.status !== 'open';
            onCode(c);
          } catch {
            // data we do not understand
          }
        },
        ctrl.signal,
      );
      // The stream ends when the code is final, or after its limit: then the status says.
      if (!stopped && !final) void poll();
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
