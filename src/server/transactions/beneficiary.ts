import type { FlowFile } from '../../shared/flows/types';
import { routeArea } from '../../shared/flows/steps';
import { transactionDetail } from '../../shared/flows/detail';

/**
 * Whom a money flow pays, as one key, for the FDS new-beneficiary rule (fds.ts, rules/fds.json), from
 * the flow's data alone (no flow is named here):
 * - another customer's account of this bank: that account;
 * - a provider (biller, operator, insurer): its code and the customer number;
 * - anything else (a transfer through the clearing house, a SWIFT transfer): the route's area, the
 *   codes chosen from reference lists (the bank) and the first number the verify page shows (the
 *   account number), as the verify page tells one transaction from another.
 * The customer's own accounts and flows with nothing to tell apart have none (never "new").
 */
export function beneficiaryOf(
  flow: FlowFile,
  form: Record<string, unknown>,
  details: Record<string, unknown>,
  credit: { id: number; own?: boolean },
): { beneficiary?: string } {
  const to = flow.posting?.credit;
  if (!to) return {};
  if ('accountId' in to || 'accountNo' in to)
    return credit.own ? {} : { beneficiary: `account:${credit.id}` };
  const number = transactionDetail(flow, form, 'en');
  if ('provider' in to || typeof details.providerCode === 'string') {
    const customer = typeof details.customerNumber === 'string' ? details.customerNumber : number;
    return {
      beneficiary: `provider:${String(details.providerCode ?? flow.provider?.code ?? flow.id)}:${customer ?? ''}`,
    };
  }
  if (!number) return {};
  const chosen = (details.choice ?? {}) as Record<string, { code?: unknown }>;
  const codes = Object.keys(chosen)
    .sort()
    .map((k) => `${k}=${String(chosen[k]?.code ?? '')}`)
    .join(',');
  return { beneficiary: `${routeArea(flow.route)}:${codes}:${number}` };
}
