import { apiPost } from '@/shared/api/client';
import type {
  BatchAccountTotal,
  BatchKindName,
  BatchRowError,
  BatchRowView,
  BatchView,
} from '@/shared/batches';
import type { ApprovalStatus, ChoiceOption, FormDataResponse, OtpOrApprovalResponse } from '@/shared/flows';

/** The answers of src/server/batches/routes.ts (their types shared with the server: src/shared/batches.ts). */
export type BatchKind = BatchKindName;
export type { BatchRowError as RowError, BatchRowView as BatchRow, BatchAccountTotal as AccountTotal };
export type Batch = BatchView;

export type BatchVerification = Batch & OtpOrApprovalResponse;

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
    apiPost<OtpOrApprovalResponse>('/api/batch/v1/verification/resend', { batchId }, { kind: 'transaction' }),
  status: (batchId: string) =>
    apiPost<{ status: ApprovalStatus }>('/api/batch/v1/verification/status', { batchId }),
  confirm: (batchId: string, otp?: string) =>
    apiPost<Batch>('/api/batch/v1/confirm', otp ? { batchId, otp } : { batchId }, { kind: 'transaction' }),
  edit: (batchId: string) => apiPost<Batch>('/api/batch/v1/edit', { batchId }, { kind: 'transaction' }),
};
