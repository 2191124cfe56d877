// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  createFlowMachine,
  currentMeta,
  loadVerification,
  provideServices,
} from '@/engine/machine/flow-machine';
import type { StepInput, TransactionServices } from '@/engine/services/transaction-services';
import { stepsOf, type FlowFile, type InquiryResponse, type OtpChallenge } from '@/shared/flows';
import { loadFlowsFromDisk } from '@/shared/flows/load-node';

// The default machine's FDS challenge state and a multi-step inquiry's step states, driven with fake
// services: what each sends, where it goes, and where a restored transaction resumes.
const flows = loadFlowsFromDisk().flows;
const bpjs = flows.find((f) => f.flow.id === 'payment.bpjs')!.flow;
const plan = flows.find((f) => f.flow.id === 'applyandinvest.insuranceplan')!.flow;
const idr = (amount: number) => ({ amount, currency: 'IDR' });
const inquiryOf = (fdsRequired?: boolean): InquiryResponse => ({
  inquiryId: 'fds-inq-1',
  flowId: 'payment.bpjs',
  amount: idr(15_000_000),
  fees: [],
  total: idr(15_000_000),
  details: {},
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  ...(fdsRequired ? { fdsRequired } : {}),
});
const challenge: OtpChallenge = {
  requestId: 'r1',
  refNumber: 'AB12',
  phoneId: 1,
  maskedPhone: '+62812****7890',
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
  resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
  resendsLeft: 3,
};

function services(flagged: boolean) {
  const calls: unknown[] = [];
  const s: TransactionServices = {
    formData: async () => ({}),
    inquiry: async (flowId, form, stepToken) => (
      calls.push({ inquiry: { flowId, form, stepToken } }),
      inquiryOf(flagged)
    ),
    inquiryStep: async (input: StepInput) => (
      calls.push({ step: input }),
      {
        stepToken: 'tok-1',
        step: input.step,
        details: { options: [{ value: `${input.step}-opt`, labelEng: 'x', labelIdn: 'x' }] },
      }
    ),
    fdsChallenge: async (inquiryId) => (calls.push({ fds: inquiryId }), { passed: true }),
    startVerification: async () => (calls.push('start'), { method: 'otp', otp: challenge }),
    resendVerification: async () => ({ method: 'otp', otp: challenge }),
    watchApproval: () => () => {},
    confirm: async () => {
      throw new Error('not in these tests');
    },
    saveFavourite: async () => {
      throw new Error('no');
    },
    favourite: async () => undefined,
  };
  return { s, calls };
}

function run(flow: FlowFile, s: TransactionServices, restore?: object) {
  const actor = createActor(provideServices(createFlowMachine(flow), flow, s), { input: { flow, restore } });
  actor.start();
  return actor;
}
const view = (a: ReturnType<typeof run>) => currentMeta(a.getSnapshot())?.view;

// A transaction restored past its inquiry resumes with the verify step's machinery in (the page waits for it).
beforeAll(() => loadVerification());

describe('the FDS challenge step', () => {
  it('a flagged inquiry goes to the challenge; passing it goes to verify, where the OTP is asked', async () => {
    const { s, calls } = services(true);
    const a = run(bpjs, s);
    a.send({ type: 'SUBMIT', form: { customerNumber: '8888801234567' } });
    await waitFor(a, (snap) => currentMeta(snap)?.view === 'fds');
    expect(currentMeta(a.getSnapshot())).toMatchObject({ view: 'fds', path: 'fds-challenge/' });
    expect(calls).not.toContain('start');
    a.send({ type: 'CONFIRM' });
    await waitFor(a, (snap) => currentMeta(snap)?.view === 'verify');
    expect(calls).toContainEqual({ fds: 'fds-inq-1' });
    expect(a.getSnapshot().context.fdsPassed).toBe(true);
    await waitFor(a, () => calls.includes('start'));
  });

  it('an inquiry not flagged goes straight to verify; Back from the challenge returns to the form', async () => {
    const plain = services(false);
    const a = run(bpjs, plain.s);
    a.send({ type: 'SUBMIT', form: {} });
    await waitFor(a, (snap) => currentMeta(snap)?.view === 'verify');
    const flagged = services(true);
    const b = run(bpjs, flagged.s);
    b.send({ type: 'SUBMIT', form: {} });
    await waitFor(b, (snap) => currentMeta(snap)?.view === 'fds');
    b.send({ type: 'BACK' });
    expect(view(b)).toBe('inquiry');
    expect(b.getSnapshot().context.inquiry).toBeUndefined();
    expect(flagged.calls.some((c) => typeof c === 'object' && c && 'fds' in c)).toBe(false);
  });

  it('a refused challenge stays on the challenge with the error', async () => {
    const { s } = services(true);
    s.fdsChallenge = async () => {
      throw { kind: 'api', status: 409, errorCode: 'INQUIRY_EXPIRED' };
    };
    const a = run(bpjs, s);
    a.send({ type: 'SUBMIT', form: {} });
    await waitFor(a, (snap) => currentMeta(snap)?.view === 'fds');
    a.send({ type: 'CONFIRM' });
    await waitFor(a, (snap) => !!snap.context.error);
    expect(view(a)).toBe('fds');
  });

  it('a restored flagged inquiry resumes at the challenge until it is passed, then at verify', () => {
    const base = { form: {}, inquiry: inquiryOf(true), idempotencyKey: 'k' };
    expect(view(run(bpjs, services(true).s, base))).toBe('fds');
    expect(view(run(bpjs, services(true).s, { ...base, fdsPassed: true }))).toBe('verify');
  });

  it('the FDS page is a step of a flow with "fds" only', () => {
    expect(stepsOf({ ...bpjs, fds: 'risk' }).map((s) => s.view)).toEqual([
      'inquiry',
      'fds',
      'verify',
      'receipt',
    ]);
    const { fds: _fds, ...unwatched } = bpjs;
    expect(stepsOf(unwatched).map((s) => s.view)).toEqual(['inquiry', 'verify', 'receipt']);
  });
});

describe('a multi-step inquiry', () => {
  it('has a page per step, then the form, verify and receipt', () => {
    expect(stepsOf(plan).map((s) => `${s.view}:${s.path}`)).toEqual([
      'step:inquiry/step-1/',
      'step:inquiry/step-2/',
      'inquiry:inquiry/step-3/',
      'verify:verify/',
      'receipt:receipt/',
    ]);
  });

  it('each step sends its own form with the token; Back keeps what was typed; the last sends the token', async () => {
    const { s, calls } = services(false);
    const a = run(plan, s);
    expect(currentMeta(a.getSnapshot())).toMatchObject({ view: 'step', step: 'product' });
    a.send({ type: 'SUBMIT', step: 'product', form: { insurer: 'SOMPO', category: 'travel' } });
    await waitFor(a, (snap) => currentMeta(snap)?.path === 'inquiry/step-2/');
    expect(calls[0]).toEqual({
      step: { flowId: plan.id, step: 'product', form: { insurer: 'SOMPO', category: 'travel' } },
    });
    expect(a.getSnapshot().context.stepAnswers.product).toEqual({
      options: [{ value: 'product-opt', labelEng: 'x', labelIdn: 'x' }],
    });
    a.send({ type: 'SUBMIT', step: 'plan', form: { product: 'product-opt' } });
    await waitFor(a, (snap) => currentMeta(snap)?.view === 'inquiry');
    expect(calls[1]).toEqual({
      step: { flowId: plan.id, step: 'plan', form: { product: 'product-opt' }, stepToken: 'tok-1' },
    });
    // Back twice to the first step: every value typed is still there.
    a.send({ type: 'BACK' });
    expect(currentMeta(a.getSnapshot())?.path).toBe('inquiry/step-2/');
    a.send({ type: 'BACK' });
    expect(currentMeta(a.getSnapshot())?.path).toBe('inquiry/step-1/');
    expect(a.getSnapshot().context.form).toEqual({
      insurer: 'SOMPO',
      category: 'travel',
      product: 'product-opt',
    });
    // Sent again, the first step's answer replaces the later ones.
    a.send({ type: 'SUBMIT', step: 'product', form: { insurer: 'SUNLIFE', category: 'health' } });
    await waitFor(a, (snap) => currentMeta(snap)?.path === 'inquiry/step-2/');
    expect(Object.keys(a.getSnapshot().context.stepAnswers)).toEqual(['product']);
    expect(a.getSnapshot().context.stepsDone).toBe(1);
    a.send({ type: 'SUBMIT', step: 'plan', form: { product: 'product-opt' } });
    await waitFor(a, (snap) => currentMeta(snap)?.view === 'inquiry');
    a.send({ type: 'SUBMIT', form: { plan: 'plan-opt', insuredName: 'Budi', sourceOfFund: '7' } });
    await waitFor(a, (snap) => currentMeta(snap)?.view === 'verify');
    expect(calls.at(-2)).toEqual({
      inquiry: {
        flowId: plan.id,
        form: { plan: 'plan-opt', insuredName: 'Budi', sourceOfFund: '7' },
        stepToken: 'tok-1',
      },
    });
    // The verify page has every step's values.
    expect(a.getSnapshot().context.form).toMatchObject({
      insurer: 'SUNLIFE',
      product: 'product-opt',
      plan: 'plan-opt',
    });
  });

  it('a restored purchase resumes at the first step not done', () => {
    const answers = { product: { options: [] } };
    const at = (restore: object) => currentMeta(run(plan, services(false).s, restore).getSnapshot())?.path;
    expect(at({})).toBe('inquiry/step-1/');
    expect(at({ form: { insurer: 'SOMPO' }, stepToken: 't', stepAnswers: answers, stepsDone: 1 })).toBe(
      'inquiry/step-2/',
    );
    expect(at({ stepToken: 't', stepAnswers: answers, stepsDone: 2 })).toBe('inquiry/step-3/');
  });
});
