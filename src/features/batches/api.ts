import { apiPost } from '@/shared/api/client';
import type { Money } from '@/shared/money';
import type { ApprovalStatus, ChoiceOption, FormDataResponse, VerificationResponse } from '@/shared/flows';

/** The answers of src/server/batches/routes.ts. */
export type BatchKind = 'transfer' | 'payment' | 'purchase';

export interface RowError {
  field: string;
  eng: string;
  idn: string;
}

export interface BatchRow {
  line: number;
  cells: Record<string, string>;
  flowId: string | null;
  ok: boolean;
  errors: RowError[];
  name?: string;
  bankName?: string;
  amount?: Money;
  fee?: Money;
  total?: Money;
  status?: 'success' | 'pending' | 'failed' | 'scheduled';
  referenceNo?: string;
  reason?: { eng: string; idn: string };
}

export interface AccountTotal {
  accountId: number;
  accountNo: string;
  currency: string;
  amount: number;
  available: number;
  enough: boolean;
}

export interface Batch {
  batchId: string;
  kind: BatchKind;
  sourceOfFund: string;
  status: 'draft' | 'waiting' | 'verified' | 'done' | 'scheduled' | 'replaced' | 'cancelled';
  runDate: string | null;
  replaces: string | null;
  today: string;
  rows: BatchRow[];
  valid: number;
  invalid: number;
  total: Money;
  fees: Money;
  totals: AccountTotal[];
  overLimit: { amount: Money; unused: Money } | null;
  maxRows: number;
}

export type BatchVerification = Batch & VerificationResponse;

export interface BillerCode {
  code: string;
  flowId: string;
  labelEng: string;
  labelIdn: string;
  needsProduct: boolean;
  needsAmount: boolean;
}

/** Each kind's pages and API area. */
export const KIND_BASE: Record<BatchKind, string> = {
  transfer: '/transfer/mass-transfer/',
  payment: '/payment/mass-payment/',
  purchase: '/purchase/mass-purchase/',
};
const AREA: Record<BatchKind, string> = {
  transfer: 'masstransfer',
  payment: 'masspayment',
  purchase: 'masspurchase',
};
/** The sheet's columns a customer types, per kind (the template's). */
export const KIND_COLUMNS: Record<BatchKind, readonly string[]> = {
  transfer: ['account_no', 'bank_code', 'method', 'beneficiary_name', 'amount', 'purpose', 'message'],
  payment: ['biller', 'customer_no', 'product', 'amount'],
  purchase: ['biller', 'customer_no', 'product', 'amount'],
};
/** Columns a row may add (an SKN or RTGS recipient's details). */
export const EXTRA_COLUMNS: Record<BatchKind, readonly string[]> = {
  transfer: ['beneficiary_address', 'province', 'city', 'citizenship', 'beneficiary_type'],
  payment: [],
  purchase: [],
};
/** A flow of the kind whose source-of-fund choices the batch offers (the same accounts). */
const SOURCE_FLOW: Record<BatchKind, string> = {
  transfer: 'transfer.samebank',
  payment: 'payment.bpjs',
  purchase: 'purchase.ewallet',
};

export const templatePath = (kind: BatchKind) => `/api/${AREA[kind]}/v1/template`;
export const resultPath = (batchId: string, lang: 'en' | 'id') =>
  `/api/batch/v1/result/${encodeURIComponent(batchId)}?lang=${lang}`;

export const batchApi = {
  sources: async (kind: BatchKind): Promise<ChoiceOption[]> =>
    (await apiPost<FormDataResponse>('/api/transaction/v1/formdata', { flowId: SOURCE_FLOW[kind] })).choices
      .sourceOfFund ?? [],
  billers: (kind: 'payment' | 'purchase') =>
    apiPost<{ billers: BillerCode[] }>(`/api/${AREA[kind]}/v1/billers`, {}),
  upload: (kind: BatchKind, sourceOfFund: string, file: File) => {
    const form = new FormData();
    form.append('sourceOfFund', sourceOfFund);
    form.append('file', file, file.name);
    // multipart/form-data, the field before the file (as the server reads them).
    return apiPost<Batch>(`/api/${AREA[kind]}/v1/upload`, form, { kind: 'transaction' });
  },
  create: (kind: BatchKind, sourceOfFund: string, rows: Record<string, string>[]) =>
    apiPost<Batch>(`/api/${AREA[kind]}/v1/create`, { sourceOfFund, rows }, { kind: 'transaction' }),
  get: (batchId: string) => apiPost<Batch>('/api/batch/v1/get', { batchId }),
  updateRow: (batchId: string, line: number, cells: Record<string, string>) =>
    apiPost<Batch>('/api/batch/v1/row/update', { batchId, line, cells }, { kind: 'transaction' }),
  addRow: (batchId: string, cells: Record<string, string>) =>
    apiPost<Batch>('/api/batch/v1/row/add', { batchId, cells }, { kind: 'transaction' }),
  removeRows: (batchId: string, lines: number[]) =>
    apiPost<Batch>('/api/batch/v1/row/remove', { batchId, lines }, { kind: 'transaction' }),
  verify: (batchId: string, method: 'otp' | 'approval', date: string | null) =>
    apiPost<BatchVerification>(
      '/api/batch/v1/verification',
      { batchId, method, date },
      { kind: 'transaction' },
    ),
  resend: (batchId: string) =>
    apiPost<VerificationResponse>('/api/batch/v1/verification/resend', { batchId }, { kind: 'transaction' }),
  status: (batchId: string) =>
    apiPost<{ status: ApprovalStatus }>('/api/batch/v1/verification/status', { batchId }),
  confirm: (batchId: string, otp?: string) =>
    apiPost<Batch>('/api/batch/v1/confirm', otp ? { batchId, otp } : { batchId }, { kind: 'transaction' }),
  edit: (batchId: string) => apiPost<Batch>('/api/batch/v1/edit', { batchId }, { kind: 'transaction' }),
};
