// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { passkeyMachine, type PasskeyInput } from '@/engine/machine/passkey-machine';
import type { PasskeyRequest } from '@/shared/flows';
import { settleConfirmError } from '@/engine/machine/settle';

// The passkey submachine, every path: offered, the device's answer or cancel, the bank's refusal, no WebAuthn.

const request: PasskeyRequest = {
  options: { challenge: 'ZGVyaXZlZA', rpId: 'localhost', userVerification: 'required' },
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
};
const refusal = { kind: 'api', status: 409, errorCode: 'PASSKEY_REPLAYED' };
const input: PasskeyInput = {
  subject: { inquiryId: 'inq-1', idempotencyKey: 'key-00000001' },
  supported: true,
};

function machine(over: { sign?: () => Promise<unknown>; submit?: () => Promise<unknown> } = {}) {
  const calls: string[] = [];
  const m = passkeyMachine.provide({
    actors: {
      requestPasskey: fromPromise(async () => {
        calls.push('request');
        return request;
      }),
      signPasskey: fromPromise(async ({ input: i }: { input: { request: PasskeyRequest } }) => {
        calls.push(`sign:${String(i.request.options.challenge)}`);
        return over.sign ? over.sign() : { id: 'cred', response: {} };
      }),
      submitPasskey: fromPromise(async ({ input: i }: { input: { response: unknown } }) => {
        calls.push(`submit:${(i.response as { id: string }).id}`);
        return over.submit ? over.submit() : { referenceNo: 'R1', status: 'success' };
      }),
    } as never,
  });
  return { m, calls };
}

describe('passkey verification submachine', () => {
  it('offered, then a tap: the request, the device signs it, the bank books it', async () => {
    const { m, calls } = machine();
    const a = createActor(m, { input }).start();
    expect(a.getSnapshot().value).toBe('offered');
    a.send({ type: 'SIGN' });
    const done = await waitFor(a, (s) => s.status === 'done');
    expect(done.output).toEqual({ status: 'verified', result: { referenceNo: 'R1', status: 'success' } });
    expect(calls).toEqual(['request', 'sign:ZGVyaXZlZA', 'submit:cred']);
    expect(done.context.signed).toBeUndefined();
  });

  it('goes back to offered when the device is cancelled, with a notice', async () => {
    const { m, calls } = machine({
      sign: () => Promise.reject(Object.assign(new Error('no'), { name: 'NotAllowedError' })),
    });
    const a = createActor(m, { input }).start();
    a.send({ type: 'SIGN' });
    const s = await waitFor(a, (x) => x.value === 'offered' && !!x.context.notice);
    expect(s.context.notice).toBe('deviceCancelled');
    expect(calls).not.toContain('submit:cred');
  });

  it("shows the bank's refusal and tries again with a new request", async () => {
    let first = true;
    const { m, calls } = machine({
      submit: () => {
        if (first) {
          first = false;
          return Promise.reject(refusal);
        }
        return Promise.resolve({ referenceNo: 'R2' });
      },
    });
    const a = createActor(m, { input }).start();
    a.send({ type: 'SIGN' });
    const refused = await waitFor(a, (x) => x.value === 'refused');
    expect(refused.context.error).toEqual(refusal);
    expect(refused.context.signed).toBeUndefined();
    a.send({ type: 'RETRY' });
    const done = await waitFor(a, (x) => x.status === 'done');
    expect(done.output).toEqual({ status: 'verified', result: { referenceNo: 'R2' } });
    expect(calls.filter((c) => c === 'request')).toHaveLength(2);
  });

  it('shows a failed call as refused too: Try again signs anew (the confirm keeps its key)', async () => {
    const { m, calls } = machine({ submit: () => Promise.reject({ kind: 'timeout', status: 0 }) });
    const a = createActor(m, { input }).start();
    a.send({ type: 'SIGN' });
    const s = await waitFor(a, (x) => x.value === 'refused');
    expect(s.context.error).toEqual({ kind: 'timeout', status: 0 });
    a.send({ type: 'USE_OTP' });
    expect(a.getSnapshot().output).toEqual({ status: 'switchToOtp' });
    expect(calls.filter((c) => c.startsWith('submit'))).toHaveLength(1);
  });

  it('says so in a browser without passkeys, and offers the OTP', () => {
    const { m } = machine();
    const a = createActor(m, { input: { ...input, supported: false } }).start();
    expect(a.getSnapshot().value).toBe('unsupported');
    a.send({ type: 'SIGN' });
    expect(a.getSnapshot().value).toBe('unsupported');
    a.send({ type: 'USE_OTP' });
    expect(a.getSnapshot().output).toEqual({ status: 'switchToOtp' });
  });

  it('reaches every final state by some path', () => {
    const paths = getSimplePaths(passkeyMachine, {
      input,
      events: [
        { type: 'SIGN' },
        { type: 'RETRY' },
        { type: 'USE_OTP' },
        { type: 'CANCEL' },
        { type: 'xstate.done.actor.0.passkey.requesting', output: request },
        { type: 'xstate.error.actor.0.passkey.requesting', error: refusal },
      ] as never,
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const s of ['"offered"', '"switchToOtp"', '"cancelled"']) expect(reached).toContain(s);
  });

  it("a passkey refusal at confirm is the verification's, never a failed receipt", () => {
    const failure = {
      kind: 'api',
      status: 409,
      errorCode: 'PASSKEY_REPLAYED',
      body: { sourceSystem: 'CLICKS', errorCode: 'PASSKEY_REPLAYED' },
    };
    expect(() => settleConfirmError(failure, { id: 'transfer.samebank' }, undefined)).toThrow();
  });
});
