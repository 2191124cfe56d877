// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createFlowMachine, provideServices } from '@/engine/machine/flow-machine';
import type { TransactionServices } from '@/engine/services/transaction-services';
import type { InquiryResponse, Receipt } from '@/shared/flows';
import { loadFlowsFromDisk } from '@/shared/flows/load-node';

// A flow's default machine with a passkey: offered first to a customer who has one (no SMS sent), the
// signed answer confirmed with the inquiry's key, and the OTP taken instead on the customer's word.

const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'transfer.samebank')!.flow;
const idr = (amount: number) => ({ amount, currency: 'IDR' });
const inquiryOf = (passkeyEnrolled: boolean): InquiryResponse => ({
  inquiryId: 'inq-1',
  flowId: flow.id,
  amount: idr(50_000_00),
  fees: [],
  total: idr(50_000_00),
  details: {},
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  passkeyEnrolled,
});
const receipt: Receipt = {
  referenceNo: 'TRX1',
  status: 'success',
  flowId: flow.id,
  fees: [],
  details: {},
  createdAt: new Date().toISOString(),
};

/** The flow machine's states, named as its JSON config does (the types do not know them). */
const at = (s: unknown, value: unknown) => (s as { matches: (v: unknown) => boolean }).matches(value);

function run(passkeyEnrolled: boolean) {
  const calls: string[] = [];
  const services: TransactionServices = {
    formData: async () => ({}),
    inquiry: async () => inquiryOf(passkeyEnrolled),
    startVerification: async (_id, method) => {
      calls.push(`start:${method}`);
      return method === 'passkey'
        ? { method, passkey: { options: { challenge: 'ZA' }, expiresAt: new Date().toISOString() } }
        : {
            method: 'otp',
            otp: {
              requestId: 'r1',
              refNumber: 'A1',
              phoneId: 1,
              maskedPhone: '+62812****7890',
              expiresAt: new Date(Date.now() + 300_000).toISOString(),
              resendAvailableAt: new Date().toISOString(),
              resendsLeft: 3,
            },
          };
    },
    resendVerification: async () => {
      throw new Error('no resend');
    },
    watchApproval: () => () => {},
    signWithPasskey: async () => ({ id: 'cred' }),
    passkeySupported: () => true,
    confirm: async (_id, key, otp, passkey) => {
      calls.push(`confirm:${key.length > 0}:${otp ? 'otp' : ''}${passkey ? 'passkey' : ''}`);
      return receipt;
    },
    saveFavourite: async () => {
      throw new Error('no');
    },
    favourite: async () => undefined,
  };
  const actor = createActor(provideServices(createFlowMachine(flow), flow, services), {
    input: { flow },
  }).start();
  actor.send({ type: 'SUBMIT', form: { amount: 50_000_00 } });
  return { actor, calls };
}

describe('a flow verified by passkey', () => {
  it('offers the passkey first to a customer who has one, and books with the signed answer', async () => {
    const { actor, calls } = run(true);
    await waitFor(actor, (s) => at(s, { verify: 'passkey' }));
    expect(calls).toEqual([]); // no OTP sent
    const child = actor.getSnapshot().children.verification!;
    child.send({ type: 'SIGN' });
    const done = await waitFor(actor, (s) => at(s, 'receipt'));
    expect(done.context.receipt?.referenceNo).toBe('TRX1');
    expect(calls).toEqual(['start:passkey', 'confirm:true:passkey']);
  });

  it('takes the OTP instead on the customer’s word', async () => {
    const { actor, calls } = run(true);
    await waitFor(actor, (s) => at(s, { verify: 'passkey' }));
    actor.getSnapshot().children.verification!.send({ type: 'USE_OTP' });
    await waitFor(actor, (s) => at(s, { verify: 'otp' }));
    expect(actor.getSnapshot().context.method).toBe('otp');
    await waitFor(actor, () => calls.includes('start:otp'));
  });

  it('starts with the OTP for a customer without a passkey, and does not offer one', async () => {
    const { actor, calls } = run(false);
    await waitFor(actor, (s) => at(s, { verify: 'otp' }));
    actor.send({ type: 'USE_PASSKEY' });
    expect(at(actor.getSnapshot(), { verify: 'otp' })).toBe(true);
    await waitFor(actor, () => calls.includes('start:otp'));
  });
});
