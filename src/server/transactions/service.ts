import type { Choice } from './contracts';
import { confirming } from './confirm';
import { serviceContext, type Caller, type TransactionServiceDeps } from './context';
import { inquiryStore } from './inquiry-store';
import { verification } from './verification';
import { checkGates } from './gates';

export type { Caller, TransactionServiceDeps } from './context';
export type { Quote } from './quote';
export { INQUIRY_TTL_S, type InquiryAnswer } from './inquiry-store';
export type { VerificationAnswer } from './verification';

/**
 * The generic flow engine on the server: form data, inquiry, verification and confirm for any flow
 * file. Each concern is its own module (quote.ts pricing, inquiry-store.ts, verification.ts with
 * approval-summary.ts, confirm.ts); this puts them together.
 */
export function createTransactionService(deps: TransactionServiceDeps) {
  const ctx = serviceContext(deps);
  const store = inquiryStore(ctx);

  async function formData(caller: Caller, flowId: string): Promise<{ choices: Record<string, Choice[]> }> {
    const { flow } = ctx.flowOrThrow(flowId);
    await checkGates(deps.db, deps.registry.gates, { customerId: caller.customerId, flow });
    const choices: Record<string, Choice[]> = {};
    for (const [field, spec] of Object.entries(flow.choices ?? {})) {
      const source = deps.registry.choiceSources[spec.source as keyof typeof deps.registry.choiceSources];
      choices[field] = source
        ? await source({ db: deps.db, customerId: caller.customerId, spec, field })
        : [];
    }
    return { choices };
  }

  /** The flow's gates for this customer before the form (the page shows the refusal's dialog). */
  async function eligibility(
    caller: Caller,
    flowId: string,
    form?: Record<string, unknown>,
  ): Promise<{ eligible: true }> {
    const { flow } = ctx.flowOrThrow(flowId);
    await checkGates(deps.db, deps.registry.gates, {
      customerId: caller.customerId,
      flow,
      ...(form ? { form } : {}),
    });
    return { eligible: true };
  }

  return {
    formData,
    eligibility,
    inquire: store.inquire,
    inquireStep: store.inquireStep,
    fdsChallenge: store.fdsChallenge,
    loadInquiry: store.loadInquiry,
    ...verification(ctx, store),
    ...confirming(ctx),
  };
}

export type TransactionService = ReturnType<typeof createTransactionService>;
