// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  createFlowMachine,
  flowSetup,
  loadVerification,
  provideServices,
  currentMeta,
} from '@/engine/machine/flow-machine';
import type { TransactionServices } from '@/engine/services/transaction-services';
import {
  REGISTRY_NAMES,
  type FlowFile,
  type InquiryResponse,
  type OtpChallenge,
  type Receipt,
} from '@/shared/flows';
import { loadFlowsFromDisk } from '@/shared/flows/load-node';

const flows = loadFlowsFromDisk().flows;
const bpjs = flows.find((f) => f.flow.id === 'payment.bpjs')!.flow;
const idr = (amount: number) => ({ amount, currency: 'IDR' });
const inquiry: InquiryResponse = {
  inquiryId: 'inq-1',
  flowId: 'payment.bpjs',
  amount: idr(15_000_000),
  fees: [{ kind: 'admin', amount: idr(250_000) }],
  total: idr(15_250_000),
  details: { customerName: 'BUDI SANTOSO' },
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
};
const challenge: OtpChallenge = {
  requestId: 'r1',
  refNumber: 'AB12',
  phoneId: 1,
  maskedPhone: '+62812****7890',
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
  resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
  resendsLeft: 3,
};
const receipt: Receipt = {
  referenceNo: 'TRX123',
  status: 'success',
  flowId: 'payment.bpjs',
  amount: inquiry.amount,
  fees: inquiry.fees,
  total: inquiry.total,
  details: inquiry.details,
  createdAt: new Date().toISOString(),
};
const apiFailure = (status: number, sourceSystem: string, errorCode: string) => ({
  kind: 'api',
  status,
  errorCode,
  sourceSystem,
  body: {
    sourceSystem,
    errorCode,
    message: 'x',
    errorTitleEng: 't',
    errorTitleIdn: 't',
    errorMessageEng: 'm',
    errorMessageIdn: 'm',
  },
});

function fakeServices(over: Partial<TransactionServices> = {}) {
  const calls: string[] = [];
  const s: TransactionServices = {
    formData: async () => ({}),
    inquiry: async () => (calls.push('inquiry'), inquiry),
    startVerification: async (_i, method) => {
      calls.push(`start:${method}`);
      return method === 'otp'
        ? { method: 'otp', otp: challenge }
        : { method: 'approval', approvalId: 'ap1', expiresAt: challenge.expiresAt, resendsLeft: 3 };
    },
    resendVerification: async () => ({ method: 'otp', otp: challenge }),
    watchApproval: () => () => {},
    confirm: async (_i, key, otp) => (
      calls.push(`confirm:${otp ? `${otp.code}@${otp.requestId}` : 'none'}:${key ? 'key' : ''}`),
      receipt
    ),
    saveFavourite: async (flowId, name, form) => ({ id: '1', flowId, name, form, createdAt: '' }),
    favourite: async () => undefined,
    ...over,
  };
  return { s, calls };
}

function run(flow: FlowFile, services: TransactionServices, restore?: object) {
  const actor = createActor(provideServices(createFlowMachine(flow), flow, services), {
    input: { flow, restore },
  });
  actor.start();
  return actor;
}
// State values of a machine built from JSON are not typed.
const m = (s: unknown, v: unknown) => (s as { matches: (v: unknown) => boolean }).matches(v);
const child = (a: ReturnType<typeof run>) => a.getSnapshot().children.verification!;

describe('flow machine', () => {
  // A transaction restored past its inquiry resumes with the verify step's machinery in (the page waits for it).
  beforeAll(() => loadVerification());

  it('registers exactly the client names of registry-names.ts', () => {
    const impl = flowSetup as unknown as { implementations: Record<string, Record<string, unknown>> };
    // setup() keeps what it registers; compare with the one list.
    const m0 = flowSetup.createMachine({} as never);
    const i =
      (m0 as unknown as { implementations: Record<string, Record<string, unknown>> }).implementations ?? impl;
    expect(Object.keys(i.actors!).sort()).toEqual([...REGISTRY_NAMES.client.actors].sort());
    expect(Object.keys(i.guards!).sort()).toEqual([...REGISTRY_NAMES.client.guards].sort());
    expect(Object.keys(i.actions!).sort()).toEqual([...REGISTRY_NAMES.client.actions].sort());
  });

  it('goes inquiry -> verify (OTP) -> receipt, sending the OTP with its request and the idempotency key', async () => {
    const { s, calls } = fakeServices();
    const a = run(bpjs, s);
    expect(currentMeta(a.getSnapshot())?.path).toBe('inquiry/');
    a.send({ type: 'SUBMIT', form: { sourceOfFund: '1', customerNumber: '88888012345678' } });
    await waitFor(a, (x) => m(x, { verify: 'otp' }));
    await waitFor(child(a), (x) => (x as { value: unknown }).value === 'entering');
    expect(currentMeta(a.getSnapshot())?.path).toBe('verify/');
    child(a).send({ type: 'SUBMIT', code: '123456' } as never);
    await waitFor(a, (x) => m(x, 'receipt'));
    expect(a.getSnapshot().context.receipt?.referenceNo).toBe('TRX123');
    expect(calls).toEqual(['inquiry', 'start:otp', 'confirm:123456@r1:key']);
    a.send({ type: 'NEW' });
    expect(a.getSnapshot().context).toMatchObject({ form: {}, inquiry: undefined, receipt: undefined });
  });

  it('confirms after the app approves, and falls back to OTP on request', async () => {
    const { s, calls } = fakeServices();
    const a = run(bpjs, s);
    a.send({ type: 'SUBMIT', form: {} });
    await waitFor(a, (x) => m(x, { verify: 'otp' }));
    a.send({ type: 'USE_APPROVAL' });
    await waitFor(child(a), (x) => (x as { value: unknown }).value === 'waiting');
    child(a).send({ type: 'USE_OTP' } as never);
    await waitFor(a, (x) => m(x, { verify: 'otp' }));
    a.send({ type: 'USE_APPROVAL' });
    await waitFor(child(a), (x) => (x as { value: unknown }).value === 'waiting');
    child(a).send({ type: 'STATUS', status: 'approved' } as never);
    await waitFor(a, (x) => m(x, 'receipt'));
    expect(calls).toEqual([
      'inquiry',
      'start:otp',
      'start:approval',
      'start:otp',
      'start:approval',
      'confirm:none:key',
    ]);
  });

  it('rejected in the app means cancelled', async () => {
    const { s } = fakeServices();
    const a = run(bpjs, s, {
      inquiry,
      idempotencyKey: 'k1',
      method: 'approval',
      approval: { approvalId: 'ap', expiresAt: challenge.expiresAt, resendsLeft: 1 },
    });
    expect(m(a.getSnapshot(), { verify: 'approval' })).toBe(true);
    child(a).send({ type: 'STATUS', status: 'rejected' } as never);
    await waitFor(a, (x) => m(x, { verify: 'rejected' }));
    // Nothing can be confirmed any more, but the page still shows what was cancelled.
    expect(a.getSnapshot().context.idempotencyKey).toBeUndefined();
    expect(a.getSnapshot().context.inquiry).toEqual(inquiry);
    expect(a.getSnapshot().can({ type: 'RETRY' } as never)).toBe(false);
    a.send({ type: 'NEW' } as never);
    expect(m(a.getSnapshot(), 'inquiry')).toBe(true);
    expect(a.getSnapshot().context.inquiry).toBeUndefined();
  });

  it('treats the pending codes as in progress, other 4xx as failed, and 503 as interrupted with retry', async () => {
    for (const [err, expected] of [
      [apiFailure(400, 'ESB', '2018'), 'pending'],
      [apiFailure(400, 'SIBS', '229'), 'pending'],
      [apiFailure(504, 'ESB', '9999'), 'pending'],
      [apiFailure(400, 'CLICKS', '0021'), 'failed'],
      [apiFailure(422, 'CLICKS', 'INSUFFICIENT_BALANCE'), 'failed'],
    ] as const) {
      const { s } = fakeServices({ confirm: async () => Promise.reject(err) });
      const a = run(bpjs, s, { inquiry, idempotencyKey: 'k1', otp: challenge });
      child(a).send({ type: 'SUBMIT', code: '123456' } as never);
      await waitFor(a, (x) => m(x, 'receipt'));
      expect(a.getSnapshot().context.receipt?.status).toBe(expected);
      expect(a.getSnapshot().context.receipt?.total).toEqual(inquiry.total);
    }
    let n = 0;
    const keys: string[] = [];
    const { s } = fakeServices({
      confirm: async (_i, key) => {
        keys.push(key);
        if (n++ === 0) throw apiFailure(503, 'ESB', 'DOWN');
        return receipt;
      },
    });
    const a = run(bpjs, s, {
      inquiry,
      idempotencyKey: 'k1',
      method: 'approval',
      approval: { approvalId: 'ap', expiresAt: challenge.expiresAt, resendsLeft: 1 },
    });
    child(a).send({ type: 'STATUS', status: 'approved' } as never);
    await waitFor(a, (x) => m(x, { verify: 'interrupted' }));
    a.send({ type: 'RETRY' });
    await waitFor(a, (x) => m(x, 'receipt'));
    expect(keys).toEqual(['k1', 'k1']);
  });

  it('resumes a restored OTP challenge without sending a new code', () => {
    const { s, calls } = fakeServices();
    const a = run(bpjs, s, { form: { customerNumber: '1' }, inquiry, idempotencyKey: 'k', otp: challenge });
    expect(m(a.getSnapshot(), { verify: 'otp' })).toBe(true);
    expect((child(a).getSnapshot() as { value: unknown }).value).toBe('entering');
    expect(calls).toEqual([]);
  });

  it('runs a flow with an extra step declared in its JSON machine', async () => {
    const flow: FlowFile = {
      ...bpjs,
      machine: {
        initial: 'inquiry',
        states: {
          inquiry: {
            meta: { view: 'inquiry', path: 'inquiry/' },
            on: { NEXT: { target: 'terms', actions: 'storeStep' } },
          },
          terms: {
            meta: { view: 'notice', path: 'inquiry/terms/', bodyKey: 'flows:common.amount' },
            on: { SUBMIT: { target: 'submitting', actions: 'storeForm' }, BACK: 'inquiry' },
          },
          submitting: {
            invoke: { src: 'submitInquiry', onDone: { target: 'verify', actions: 'storeInquiry' } },
          },
          verify: {
            meta: { view: 'verify', path: 'verify/' },
            invoke: {
              src: 'otpVerification',
              onDone: { target: 'receipt', actions: 'storeReceipt', guard: 'otpVerified' },
            },
          },
          receipt: { meta: { view: 'receipt', path: 'receipt/' } },
        },
      },
    };
    const { s } = fakeServices();
    const a = run(flow, s);
    a.send({ type: 'NEXT', form: { customerNumber: '1' } });
    expect(currentMeta(a.getSnapshot())?.path).toBe('inquiry/terms/');
    a.send({ type: 'SUBMIT', form: { customerNumber: '1', accepted: true } });
    await waitFor(a, (x) => m(x, 'verify'));
    await waitFor(child(a), (x) => (x as { value: unknown }).value === 'entering');
    child(a).send({ type: 'SUBMIT', code: '654321' } as never);
    await waitFor(a, (x) => m(x, 'receipt'));
  });
});
