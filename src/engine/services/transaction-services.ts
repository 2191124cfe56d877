import { apiPost } from '@/shared/api/client';
import type { Money } from '@/shared/money';
import { denominationLabels } from '@/shared/flows/denomination';
import { cartApi } from '@/shared/cart/cart-api';
import type {
  ApprovalStatus,
  ChoiceOption,
  Favourite,
  FlowFile,
  FormDataResponse,
  InquiryResponse,
  PasskeyRequest,
  Receipt,
  VerificationResponse,
} from '@/shared/flows';

/** A live price held for the customer for a while (gold's buy or sell price per gram). */
export interface PriceQuote {
  quoteId: string;
  pricePerGram: Money;
  quotedAt: string;
  expiresAt: string;
}

/**
 * Everything the engine asks of the server, as one injectable object: the machine and the renderer get
 * it through props/context (never a global), so tests and stories pass fakes.
 */
export interface TransactionServices {
  formData(flow: FlowFile): Promise<Record<string, ChoiceOption[]>>;
  /** The flow's eligibility gates for this customer; rejects with the gate's apierror (its dialog). */
  eligibility?(flowId: string, form?: Record<string, unknown>): Promise<{ eligible: boolean }>;
  /** `stepToken`: a multi-step inquiry's token (its earlier steps done). */
  inquiry(flowId: string, form: Record<string, unknown>, stepToken?: string): Promise<InquiryResponse>;
  /** One earlier step of a multi-step inquiry: its answer feeds the next step's choices. */
  inquiryStep?(input: StepInput): Promise<InquiryStepAnswer>;
  /** Passes the FDS challenge of a flagged inquiry (the customer confirmed it). */
  fdsChallenge?(inquiryId: string): Promise<{ passed: true }>;
  startVerification(
    inquiryId: string,
    method: 'otp' | 'approval' | 'passkey',
    phoneId?: number,
  ): Promise<VerificationResponse>;
  resendVerification(inquiryId: string): Promise<VerificationResponse>;
  /** Calls onStatus with the live approval status until the returned function is called. */
  watchApproval(inquiryId: string, onStatus: (s: ApprovalStatus) => void): () => void;
  /**
   * Books the verified inquiry; an OTP goes with the request it answers (the server hashes it under
   * that); a passkey's signed answer (verification 'passkey') goes along to be checked first.
   */
  confirm(
    inquiryId: string,
    idempotencyKey: string,
    otp?: { code: string; requestId: string },
    passkey?: unknown,
  ): Promise<Receipt>;
  /** The device signs a passkey request (navigator.credentials.get); its signed answer. */
  signWithPasskey?(request: PasskeyRequest): Promise<unknown>;
  /** Whether this browser can use passkeys at all (absent: PublicKeyCredential exists). */
  passkeySupported?(): boolean;
  saveFavourite(flowId: string, name: string, form: Record<string, unknown>): Promise<Favourite>;
  /** One of the customer's favourites, or undefined when it is gone. */
  favourite(id: string): Promise<Favourite | undefined>;
  /** The public check code of a receipt (printed with a QR code on the PDF, shared with it). */
  receiptCode?(referenceNo: string): Promise<{ code: string; path: string }>;
  /** A form's live price (a priceQuote field): asked of the field's ui:options.quoteUrl. */
  priceQuote?(url: string, side: string | undefined, signal: AbortSignal): Promise<PriceQuote>;
  /** The cart (verified later, with other transactions); absent where there is none (stories). */
  cart?: {
    add(flowId: string, form: Record<string, unknown>): Promise<unknown>;
    update(itemId: number, form: Record<string, unknown>): Promise<unknown>;
    /** An item's flow and form, to edit it on its flow's form; undefined when it is gone. */
    item(itemId: number): Promise<{ flowId: string; form: Record<string, unknown> } | undefined>;
  };
}

/** One step of a multi-step inquiry, as sent (its own form; the token of the steps before). */
export interface StepInput {
  flowId: string;
  step: string;
  form: Record<string, unknown>;
  stepToken?: string;
}

/** The server's answer to a step: its token and the step look-up's details (options of the next). */
export interface InquiryStepAnswer {
  stepToken: string;
  step: string;
  details: Record<string, unknown>;
}

const tx = { kind: 'transaction' as const };

/** The customer's favourites, newest first (at most 50). */
export async function listFavourites(): Promise<Favourite[]> {
  return (await apiPost<{ favorites: Favourite[] }>('/api/favorite/v1/list', {})).favorites;
}

export const renameFavourite = (id: string, name: string) =>
  apiPost<Favourite>('/api/favorite/v1/update', { id, name });

export const deleteFavourite = async (id: string): Promise<void> => {
  await apiPost('/api/favorite/v1/delete', { id });
};

interface PurchaseFormData {
  operators?: { code: string; name: string; prefixes?: string[] }[];
  denominations?: { code: string; operator: string; nominal: Money; price: Money }[];
}

/** Choice sources served by their own endpoint (spec section 7), turned into options; the rest come from formdata. */
const DEDICATED: Record<string, { path: string; pick: (r: PurchaseFormData) => ChoiceOption[] | undefined }> =
  {
    'mobile.operators': {
      path: '/api/mobilepurchase/v1/getpurchaseformdata',
      pick: (r) =>
        r.operators?.map((o) => ({
          value: o.code,
          labelEng: o.name,
          labelIdn: o.name,
          detail: { prefixes: o.prefixes },
        })),
    },
    'mobile.denominations': {
      path: '/api/mobilepurchase/v1/getpurchaseformdata',
      pick: (r) =>
        r.denominations?.map((d) => ({
          value: d.code,
          ...denominationLabels(d.nominal),
          detail: { operator: d.operator, price: d.price },
        })),
    },
  };

/** The real services, over the API client. */
export function createHttpServices(): TransactionServices {
  return {
    async formData(flow) {
      const choices = flow.choices ?? {};
      const out: Record<string, ChoiceOption[]> = {};
      if (!Object.keys(choices).length) return out;
      const general = apiPost<FormDataResponse>('/api/transaction/v1/formdata', { flowId: flow.id });
      const paths = [...new Set(Object.values(choices).flatMap((c) => DEDICATED[c.source]?.path ?? []))];
      const dedicated = new Map(
        await Promise.all(
          paths.map((p) =>
            apiPost<PurchaseFormData>(p, {}).then(
              (r) => [p, r] as const,
              () => [p, undefined] as const,
            ),
          ),
        ),
      );
      const g = await general;
      for (const [field, spec] of Object.entries(choices)) {
        const d = DEDICATED[spec.source];
        const r = d ? dedicated.get(d.path) : undefined;
        out[field] = (r && d?.pick(r)) ?? g.choices?.[field] ?? [];
      }
      return out;
    },
    eligibility: (flowId, form) =>
      apiPost<{ eligible: boolean }>('/api/transaction/v1/eligibility', {
        flowId,
        ...(form ? { form } : {}),
      }),
    inquiry: (flowId, form, stepToken) =>
      apiPost<InquiryResponse>(
        '/api/transaction/v1/inquiry',
        stepToken ? { flowId, form, stepToken } : { flowId, form },
        tx,
      ),
    inquiryStep: (input) => apiPost<InquiryStepAnswer>('/api/transaction/v1/inquiry/step', input, tx),
    fdsChallenge: (inquiryId) =>
      apiPost<{ passed: true }>('/api/transaction/v1/fds-challenge', { inquiryId, confirmed: true }, tx),
    startVerification: (inquiryId, method, phoneId) =>
      apiPost<VerificationResponse>(
        '/api/transaction/v1/verification',
        phoneId === undefined ? { inquiryId, method } : { inquiryId, method, phoneId },
        tx,
      ),
    resendVerification: (inquiryId) =>
      apiPost<VerificationResponse>('/api/transaction/v1/verification/resend', { inquiryId }, tx),
    // The stream's reader loads with the verify step (approval-events.ts is in its chunk, in by the
    // time an approval is asked for).
    watchApproval: (inquiryId, onStatus) => {
      let stop: (() => void) | undefined;
      let stopped = false;
      import('./approval-events').then(
        (m) => {
          if (!stopped) stop = m.watchApprovalEvents(inquiryId, onStatus);
        },
        () => undefined,
      );
      return () => {
        stopped = true;
        stop?.();
      };
    },
    confirm: (inquiryId, idempotencyKey, otp, passkey) =>
      apiPost<Receipt>(
        '/api/transaction/v1/confirm',
        passkey !== undefined
          ? { inquiryId, idempotencyKey, passkey }
          : otp === undefined
            ? { inquiryId, idempotencyKey }
            : // Without the request's id (none known) the server finds the current one itself.
              {
                inquiryId,
                idempotencyKey,
                otp: otp.code,
                ...(otp.requestId && { otpRequestId: otp.requestId }),
              },
        tx,
      ),
    // Loaded when a passkey is used (its module loads @simplewebauthn/browser in turn).
    signWithPasskey: async (request) =>
      (await import('@/shared/passkeys/sign')).signWithPasskey(request.options),
    passkeySupported: () => typeof globalThis.PublicKeyCredential === 'function',
    saveFavourite: (flowId, name, form) => apiPost<Favourite>('/api/favorite/v1/add', { flowId, name, form }),
    favourite: async (id) => (await listFavourites()).find((f) => f.id === id),
    receiptCode: (referenceNo) =>
      apiPost<{ code: string; path: string }>('/api/receipt/v1/code', { referenceNo }),
    priceQuote: (url, side, signal) => apiPost<PriceQuote>(url, { side }, { signal }),
    cart: {
      add: cartApi.add,
      update: cartApi.update,
      item: async (itemId) => (await cartApi.list()).items.find((i) => i.itemId === itemId),
    },
  };
}
