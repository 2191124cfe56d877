import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { clearTransaction, loadTransaction, saveTransaction, STORAGE_KEY } from '@/engine/persistence';
import { createFlowMachine, loadVerification, provideServices } from '@/engine/machine/flow-machine';
import { toRestore } from '@/engine/ui/flow-page';
import { setCredentials } from '@/shared/api/session-store';
import { SESSION } from '@/shared/constants';
import { loadFlowsFromDisk } from '@/shared/flows/load-node';
import { secretFields, type InquiryResponse } from '@/shared/flows';

const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'transfer.own')!.flow;
const inquiry = (expiresIn: number): InquiryResponse => ({
  inquiryId: 'inq',
  flowId: flow.id,
  amount: { amount: 100, currency: 'IDR' },
  fees: [],
  total: { amount: 100, currency: 'IDR' },
  details: {},
  expiresAt: new Date(Date.now() + expiresIn).toISOString(),
});
afterEach(() => {
  clearTransaction();
  setCredentials(null);
});

describe('pending transaction kept across leaving the page', () => {
  // A transaction restored past its inquiry resumes with the verify step's machinery in (the page waits for it).
  beforeAll(() => loadVerification());

  it('comes back while the session lives, and not after it ends', () => {
    setCredentials({ accessToken: 't', expires: Date.now() + 60_000 });
    saveTransaction(flow.id, { inquiry: inquiry(300_000), idempotencyKey: 'k' });
    expect(loadTransaction()?.state.idempotencyKey).toBe('k');
    setCredentials(null);
    expect(loadTransaction()).toBeUndefined();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('is dropped when its version is old, its inquiry expired or the session is past its absolute life', () => {
    setCredentials({ accessToken: 't', expires: Date.now() + 60_000 });
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ v: 0, flowId: flow.id, savedAt: Date.now(), state: {} }),
    );
    expect(loadTransaction()).toBeUndefined();
    saveTransaction(flow.id, { inquiry: inquiry(-1) });
    expect(loadTransaction()).toBeUndefined();
    saveTransaction(flow.id, { inquiry: inquiry(300_000) }, Date.now() - SESSION.absoluteMs - 1);
    expect(loadTransaction()).toBeUndefined();
  });

  it('stores the OTP challenge but never the code typed', async () => {
    const otp = {
      requestId: 'r',
      refNumber: 'REF',
      phoneId: 1,
      maskedPhone: '+62812****1',
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
      resendAvailableAt: new Date().toISOString(),
      resendsLeft: 3,
    };
    const services = {
      confirm: () => new Promise<never>(() => {}),
    } as never;
    const a = createActor(provideServices(createFlowMachine(flow), flow, services), {
      input: { flow, restore: { form: { amount: 5 }, inquiry: inquiry(300_000), idempotencyKey: 'k', otp } },
    });
    a.start();
    a.getSnapshot().children.verification!.send({ type: 'SUBMIT', code: '987654' } as never);
    await waitFor(
      a.getSnapshot().children.verification!,
      (s) => (s as { value: unknown }).value === 'confirming',
    );
    const rec = toRestore(a.getSnapshot() as never);
    expect(rec).toMatchObject({ otp, idempotencyKey: 'k', method: 'otp' });
    expect(JSON.stringify(rec)).not.toContain('987654');
    a.stop();
  });
  it('never stores a secret field (a PIN typed masked), only what else the form holds', () => {
    const pinFlow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'card.change-pin')!.flow;
    expect(secretFields(pinFlow).sort()).toEqual(['confirmPin', 'newPin', 'oldPin']);
    const a = createActor(createFlowMachine(pinFlow), {
      input: {
        flow: pinFlow,
        restore: {
          form: { card: '7', oldPin: '802615', newPin: '390417', confirmPin: '390417' },
          inquiry: { ...inquiry(300_000), flowId: pinFlow.id },
          idempotencyKey: 'k',
        },
      },
    });
    a.start();
    const rec = toRestore(a.getSnapshot() as never, secretFields(pinFlow));
    expect(rec.form).toEqual({ card: '7' });
    setCredentials({ accessToken: 't', expires: Date.now() + 60_000 });
    saveTransaction(pinFlow.id, rec);
    const stored = sessionStorage.getItem(STORAGE_KEY)!;
    for (const pin of ['802615', '390417']) expect(stored).not.toContain(pin);
    a.stop();
  });
});
