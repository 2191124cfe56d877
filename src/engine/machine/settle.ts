import { DEFAULT_PENDING_CODES, type FlowFile, type InquiryResponse, type Receipt } from '@/shared/flows';
import type { ApiErrorBody } from '@/shared/api-error';
import { errorCodeOf, kindOf, statusOf } from './errors';

/**
 * What a failed confirm means (spec section 8): a pending code (the defaults plus the flow's own) or a
 * 504 is a receipt "in progress"; any other 4xx answer with an error payload is a failed receipt; 503,
 * a time-out, no answer, an expired session and OTP and passkey refusals are thrown on (nothing is known to
 * have happened, or nothing was booked: the verification was refused).
 */
export function settleConfirmError(
  error: unknown,
  flow: Pick<FlowFile, 'id' | 'posting'>,
  inquiry: InquiryResponse | undefined,
): Receipt {
  const status = statusOf(error);
  const kind = kindOf(error);
  const code = errorCodeOf(error);
  const body = (error as { body?: ApiErrorBody } | undefined)?.body;
  const source = body?.sourceSystem?.toUpperCase();
  if (kind === 'invalid_token' || kind === 'cancelled' || kind === 'timeout' || kind === 'no_response')
    throw error;
  if (code?.startsWith('OTP_') || code?.startsWith('PASSKEY_')) throw error;
  const pendingCodes = [...DEFAULT_PENDING_CODES, ...(flow.posting?.pendingCodes ?? [])];
  const pending =
    status === 504 ||
    (!!code &&
      pendingCodes.some(
        (p) => p.errorCode.toUpperCase() === code && p.sourceSystem.toUpperCase() === source,
      ));
  if (!pending && (status === 503 || status === 0 || status >= 500 || !body)) throw error;
  return {
    referenceNo: '',
    status: pending ? 'pending' : 'failed',
    flowId: flow.id,
    // A flow that moves no money has no amount or total to show.
    ...(inquiry?.amount ? { amount: inquiry.amount } : {}),
    fees: inquiry?.fees ?? [],
    ...(inquiry?.total ? { total: inquiry.total } : {}),
    ...(inquiry?.exchangeRate ? { exchangeRate: inquiry.exchangeRate } : {}),
    ...(inquiry?.equivalent ? { equivalent: inquiry.equivalent } : {}),
    details: inquiry?.details ?? {},
    createdAt: new Date().toISOString(),
    ...(body ? { error: body } : {}),
  };
}
