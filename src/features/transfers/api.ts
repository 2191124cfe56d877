import { ApiFailure, apiPost, renewCredentials } from '@/shared/api/client';
import { getBrowserId, getCredentials } from '@/shared/api/session-store';
import { isApiErrorPayload } from '@/shared/api-error';
import { HTTP_TIMEOUT } from '@/shared/constants';
import type { Money } from '@/shared/money';

/** The answers of src/server/transfers/routes.ts. */
export type Recurrence =
  | { every: 'day'; interval: number }
  | { every: 'week'; dayOfWeek: number }
  | { every: 'month'; dayOfMonth: number | 'EOM' };

export interface ScheduledRun {
  runDate: string;
  status: 'success' | 'pending' | 'failed' | 'retrying';
  attempts: number;
  referenceNo: string | null;
  reason: string | null;
}

export interface ScheduledTransfer {
  id: string;
  flowId: string;
  summary: { beneficiaryName?: string; beneficiaryAccountNo?: string; bankName?: string };
  amount: Money;
  kind: 'once' | 'recurring';
  recurrence: Recurrence | null;
  startDate: string;
  endDate: string | null;
  maxRuns: number | null;
  businessDaysOnly: boolean;
  mass: boolean;
  status: 'active' | 'finished' | 'cancelled' | 'suspended';
  nextRunDate: string | null;
  nextRunAt: string | null;
  runsDone: number;
  version: number;
  runs: ScheduledRun[];
}

export const listScheduled = () =>
  apiPost<{ today: string; instructions: ScheduledTransfer[] }>('/api/schedule/v1/list');

export interface Declaration {
  exempt: boolean;
  month: string;
  monthTotalUsd: Money;
  thresholdUsd: Money;
  receiptDeclarationUsd: Money;
  documentRequired: boolean;
  documentsOnFile: number;
}
export const monthDeclaration = () =>
  apiPost<Declaration>('/api/transfer/v1/declaration', { currency: 'USD', amount: 0 });

export type DocumentType = 'invoice' | 'contract' | 'education' | 'medical' | 'travel' | 'other';
export const DOCUMENT_TYPES: readonly DocumentType[] = [
  'invoice',
  'contract',
  'education',
  'medical',
  'travel',
  'other',
];
export const DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;

export interface UnderlyingDocument {
  id: string;
  docType: DocumentType;
  description: string;
  fileName: string;
  mime: string;
  size: number;
  uploadedAt: string;
}

export const listDocuments = () =>
  apiPost<{ documents: UnderlyingDocument[] }>('/api/transfer/v1/underlying-document/list');
export const deleteDocument = (id: string) =>
  apiPost<{ deleted: boolean }>('/api/transfer/v1/underlying-document/delete', { id });

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'x-browser-id': getBrowserId() };
  const creds = getCredentials();
  if (creds) headers.authorization = `Bearer ${creds.accessToken}`;
  return headers;
}

async function failureOf(res: Response): Promise<ApiFailure> {
  const payload: unknown = await res.json().catch(() => undefined);
  if (isApiErrorPayload(payload)) return new ApiFailure('api', res.status, payload.apierror);
  return new ApiFailure(res.status === 401 ? 'invalid_token' : 'no_response', res.status);
}

/** Uploads a document as multipart/form-data (the fields first, then the file, as the server reads them). */
export async function uploadDocument(input: {
  file: File;
  docType: DocumentType;
  description: string;
}): Promise<UnderlyingDocument> {
  const form = new FormData();
  form.append('docType', input.docType);
  form.append('description', input.description);
  form.append('file', input.file, input.file.name);
  let res: Response;
  const sentToken = getCredentials()?.accessToken;
  try {
    res = await fetch('/api/transfer/v1/underlying-document/upload', {
      method: 'POST',
      headers: authHeaders(),
      body: form,
      signal: AbortSignal.timeout(HTTP_TIMEOUT.transactionMs),
    });
  } catch {
    throw new ApiFailure('no_response', 0);
  }
  // A POST: its answer may carry a rotated token.
  renewCredentials(res, sentToken);
  if (!res.ok) throw await failureOf(res);
  return (await res.json()) as UnderlyingDocument;
}

/** Fetches a file the API serves (with the session) and hands it to the browser as a download. */
export async function download(path: string, fileName: string): Promise<void> {
  const res = await fetch(path, { headers: authHeaders() }).catch(() => null);
  if (!res) throw new ApiFailure('no_response', 0);
  if (!res.ok) throw await failureOf(res);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
