// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createFlowMachine, provideServices } from '@/engine/machine/flow-machine';
import { loadedVerification, verificationBefore } from '@/engine/machine/verification-loader';
import type { TransactionServices } from '@/engine/services/transaction-services';
import type { InquiryResponse, OtpChallenge, Receipt } from '@/shared/flows';
import { loadFlowsFromDisk } from '@/shared/flows/load-node';

// The verify step's machinery loads with that step, not with the form (the transaction page's budget,
// issue 20): the flow machine is made and its form sent without the OTP, approval and passkey
// submachines' modules, which come while the inquiry is answered; verify is entered with them in.

/** The submachines' modules, in the order they were first evaluated. */
const evaluated = vi.hoisted(() => [] as string[]);
vi.mock('@/engine/machine/otp-machine', async (original) => (evaluated.push('otp'), original()));
vi.mock('@/engine/machine/approval-machine', async (original) => (evaluated.push('approval'), original()));
vi.mock('@/engine/machine/passkey-machine', async (original) => (evaluated.push('passkey'), original()));

const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'payment.bpjs')!.flow;
const idr = (amount: number) => ({ amount, currency: 'IDR' });
const inquiry: InquiryResponse = {
  inquiryId: 'inq-1',
  flowId: flow.id,
  amount: idr(15_000_000),
  fees: [],
  total: idr(15_000_000),
  details: {},
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
  referenceNo: 'TRX1',
  status: 'success',
  flowId: flow.id,
  fees: [],
  details: {},
  createdAt: new Date().toISOString(),
};
const services: TransactionServices = {
  formData: async () => ({}),
  inquiry: async () => inquiry,
  startVerification: async () => ({ method: 'otp', otp: challenge }),
  resendVerification: async () => ({ method: 'otp', otp: challenge }),
  watchApproval: () => () => {},
  confirm: async () => receipt,
  saveFavourite: async () => {
    throw new Error('not here');
  },
  favourite: async () => undefined,
};
const at = (s: unknown, value: unknown) => (s as { matches: (v: unknown) => boolean }).matches(value);

describe("the verify step's machinery", () => {
  it('is not loaded with the flow machine: it comes with the inquiry, before verify is entered', async () => {
    const actor = createActor(provideServices(createFlowMachine(flow), flow, services), {
      input: { flow },
    }).start();
    expect(at(actor.getSnapshot(), 'inquiry')).toBe(true);
    expect(evaluated).toEqual([]);
    expect(loadedVerification()).toBeUndefined();
    // A restored transaction past its inquiry waits for it; one on its form or receipt does not.
    expect(verificationBefore({ form: {} })).toBeUndefined();
    expect(verificationBefore({ inquiry, idempotencyKey: 'k', receipt })).toBeUndefined();

    // Every state the machine passes through after the form is sent: verify only with the code in.
    const seen: { verify: boolean; loaded: boolean }[] = [];
    actor.subscribe((s) => seen.push({ verify: at(s, 'verify'), loaded: !!loadedVerification() }));
    actor.send({ type: 'SUBMIT', form: { sourceOfFund: '1', customerNumber: '88888012345678' } });
    await waitFor(actor, (s) => at(s, { verify: 'otp' }));
    expect(seen.filter((s) => s.verify).every((s) => s.loaded)).toBe(true);
    expect(evaluated.sort()).toEqual(['approval', 'otp', 'passkey']);
    const child = actor.getSnapshot().children.verification!;
    await waitFor(child, (s) => (s as { value: unknown }).value === 'entering');
    child.send({ type: 'SUBMIT', code: '123456' } as never);
    await waitFor(actor, (s) => at(s, 'receipt'));
    expect(actor.getSnapshot().context.receipt?.referenceNo).toBe('TRX1');
    // Loaded once: a restored transaction now resumes at once.
    expect(verificationBefore({ inquiry, idempotencyKey: 'k' })).toBeUndefined();
  });

  it('is loaded before a transaction past its inquiry is restored, which then resumes in verify at once', async () => {
    vi.resetModules(); // a page opened anew
    const loader = await import('@/engine/machine/verification-loader');
    const machine = await import('@/engine/machine/flow-machine');
    expect(loader.loadedVerification()).toBeUndefined();
    const restore = { form: {}, inquiry, idempotencyKey: 'k', method: 'otp' as const, otp: challenge };
    const waiting = loader.verificationBefore(restore);
    expect(waiting).toBeInstanceOf(Promise);
    await waiting;
    expect(loader.loadedVerification()).toBeDefined();
    const actor = createActor(machine.provideServices(machine.createFlowMachine(flow), flow, services), {
      input: { flow, restore },
    }).start();
    expect(at(actor.getSnapshot(), { verify: 'otp' })).toBe(true);
    // The challenge sent before the page was left, not a new one.
    const child = actor.getSnapshot().children.verification!;
    expect((child.getSnapshot() as { context: { challenge?: OtpChallenge } }).context.challenge).toEqual(
      challenge,
    );
  });
});
