// Wires a flow machine's named actors to the transaction services; its verification submachines' wiring
// loads with the verify step (verification.ts, through verification-loader.ts).
import { fromPromise } from 'xstate';
import type { FlowFile, InquiryResponse } from '@/shared/flows';
import type { StepInput, TransactionServices } from '../services/transaction-services';
import type { FlowMachine } from './create-flow-machine';
import type { VerificationActors, VerificationSubject } from './verification';
import { loadedLater, loadedVerification, loadVerification } from './verification-loader';

/** Wires the named actors to the server (or to fakes in tests and stories). */
export function provideServices(
  machine: FlowMachine,
  flow: FlowFile,
  services: TransactionServices,
): FlowMachine {
  // The submachines of this flow and these services, wired once their code is in.
  let wired: VerificationActors | undefined;
  const verification = <K extends keyof VerificationActors>(name: K) =>
    loadedLater(name, () => (wired ??= loadedVerification()?.verificationActors(flow, services))?.[name]);
  return machine.provide({
    actors: {
      // The verify step's code comes while the inquiry is answered: verify is entered with it in.
      submitInquiry: fromPromise(
        async ({ input }: { input: { flowId: string; form: Record<string, unknown>; stepToken?: string } }) =>
          (
            await Promise.all([
              services.inquiry(input.flowId, input.form, input.stepToken),
              loadVerification(),
            ])
          )[0] as InquiryResponse,
      ),
      submitInquiryStep: fromPromise(async ({ input }: { input: StepInput }) => {
        if (!services.inquiryStep) throw new Error('flow machine: the services have no inquiryStep');
        return services.inquiryStep(input);
      }),
      passFdsChallenge: fromPromise(async ({ input }: { input: { inquiryId: string } }) => {
        if (!services.fdsChallenge) throw new Error('flow machine: the services have no fdsChallenge');
        return services.fdsChallenge(input.inquiryId);
      }),
      otpVerification: verification('otpVerification'),
      approvalVerification: verification('approvalVerification'),
      passkeyVerification: verification('passkeyVerification'),
      confirmTransaction: fromPromise(async ({ input }: { input: VerificationSubject }) =>
        (await loadVerification()).confirmVerified(flow, services, input),
      ),
    } as never,
  }) as FlowMachine;
}
