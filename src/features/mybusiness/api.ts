import { apiPost, apiPostFile } from '@/shared/api/client';
import type { Money } from '@/shared/money';

export interface Merchant {
  id: string;
  mid: string;
  name: string;
  category: string;
  settlementAccountNo: string | null;
  mdrBps: number;
  last30Days: { count: number; gross: Money; fees: Money; net: Money };
  daily: { date: string; count: number; gross: Money }[];
  recent: {
    referenceNo: string;
    channel: string;
    payer: string;
    amount: Money;
    status: string;
    createdAt: string;
  }[];
}

export type ReportStatus = 'queued' | 'processing' | 'ready' | 'failed';

export interface MerchantReport {
  id: string;
  merchantId: string;
  from: string;
  to: string;
  format: 'csv' | 'pdf';
  status: ReportStatus;
  fileName: string | null;
  rowCount: number | null;
  requestedAt: string;
}

/** The longest period of one report (the server says the same). */
export const REPORT_MAX_DAYS = 93;

export const businessApi = {
  summary: (signal?: AbortSignal) =>
    apiPost<{ merchants: Merchant[] }>('/api/merchant/v1/summary', {}, { signal }),
  reports: (signal?: AbortSignal) =>
    apiPost<{ reports: MerchantReport[] }>('/api/merchant/v1/report/list', {}, { signal }),
  generate: (body: {
    merchantId: string;
    from: string;
    to: string;
    format: 'csv' | 'pdf';
    lang: 'en' | 'id';
    idempotencyKey: string;
  }) => apiPost<MerchantReport>('/api/merchant/v1/report/generate', body),
  status: (id: string, signal?: AbortSignal) =>
    apiPost<MerchantReport>('/api/merchant/v1/report/status', { id }, { signal }),
  download: (id: string) => apiPostFile('/api/merchant/v1/report/download', { id }),
};

/** Hands a downloaded file to the browser. */
export function saveFile({ blob, fileName }: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
