import { apiPost } from '@/shared/api/client';
import { earlyOr, SHELL_CALLS } from '@/shared/api/early-requests';
import type { ApiErrorBody } from '@/shared/api-error';
import type { AccountTotal } from '@/shared/account-total';
import type { Money } from '@/shared/money';
import type { ApprovalStatus, Fee, OtpOrApprovalResponse, PasskeyRequest, Receipt } from '@/shared/flows';

/** The cart's page (spec section 4: several transactions verified once). */
export const CART_PATH = '/cart/';
/** Said on window when the cart changed (the header's count asks again). */
export const CART_CHANGED = 'cart-changed';
/** A flow's form page opened with ?cartItem=<id> edits that item of the cart. */
export const CART_ITEM_PARAM = 'cartItem';

export interface CartRow {
  labelEng: string;
  labelIdn: string;
  valueEng: string;
  valueIdn: string;
}

export interface CartItem {
  itemId: number;
  flowId: string;
  title: { en: string; id: string };
  form: Record<string, unknown>;
  quote: { amount?: Money; fees: Fee[]; total?: Money; details: Record<string, unknown> };
  addedAt: string;
  expiresAt: string;
  expired: boolean;
  rows: CartRow[];
}

export type CartTotal = AccountTotal;

export interface CartList {
  items: CartItem[];
  count: number;
  totals: CartTotal[];
  maxItems: number;
  /** The customer has a passkey: the cart can be verified with it. */
  passkeyEnrolled?: boolean;
}

export interface CartItemResult {
  itemId: number;
  flowId: string;
  title: { en: string; id: string };
  status: 'success' | 'pending' | 'failed';
  receipt?: Receipt;
  error?: ApiErrorBody;
}

export type CartVerification = CartList & { checkoutId: string } & OtpOrApprovalResponse;

/** The cart's passkey request: its challenge covers every item as quoted. */
export type CartPasskeyRequest = CartList & {
  checkoutId: string;
  method: 'passkey';
  passkey: PasskeyRequest;
};

const changed = <T>(r: T): T => {
  window.dispatchEvent(new Event(CART_CHANGED));
  return r;
};

/** The cart's calls (/api/cart/v1/). */
export const cartApi = {
  list: () => apiPost<CartList>('/api/cart/v1/list', {}),
  count: (signal?: AbortSignal) =>
    earlyOr(SHELL_CALLS.cartCount, () => apiPost<{ count: number }>(SHELL_CALLS.cartCount, {}, { signal })),
  add: (flowId: string, form: Record<string, unknown>) =>
    apiPost<{ itemId: number; count: number }>('/api/cart/v1/add', { flowId, form }).then(changed),
  update: (itemId: number, form: Record<string, unknown>) =>
    apiPost<{ itemId: number }>('/api/cart/v1/update', { itemId, form }).then(changed),
  remove: (itemId: number) => apiPost<{ count: number }>('/api/cart/v1/remove', { itemId }).then(changed),
  verify: (method: 'otp' | 'approval') =>
    apiPost<CartVerification>('/api/cart/v1/verification', { method }, { kind: 'transaction' }),
  status: (checkoutId: string) =>
    apiPost<{ status: ApprovalStatus }>('/api/cart/v1/verification/status', { checkoutId }),
  verifyWithPasskey: () =>
    apiPost<CartPasskeyRequest>('/api/cart/v1/verification', { method: 'passkey' }, { kind: 'transaction' }),
  /** `passkey`: the device's signed answer over the cart's request. */
  confirm: (checkoutId: string, otp?: string, passkey?: unknown) =>
    apiPost<{ checkoutId: string; results: CartItemResult[] }>(
      '/api/cart/v1/confirm',
      passkey ? { checkoutId, passkey } : otp ? { checkoutId, otp } : { checkoutId },
      { kind: 'transaction' },
    ).then(changed),
};
