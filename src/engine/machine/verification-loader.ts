// The verify step's machinery (verification.ts) loads with that step, not with the form: when the inquiry
// is sent (its actor awaits both) or before a transaction past its inquiry is restored. The flow machine
// names its submachines from the start (setup()'s registry), and invoke reads a string src's logic
// only when its state is entered: logic that acts as the loaded one bridges the two.
import type { AnyActorLogic } from 'xstate';
import type { FlowRestore } from './flow-context';
import type * as Verification from './verification';

type VerificationModule = typeof Verification;

let loaded: VerificationModule | undefined;
let loading: Promise<VerificationModule> | undefined;

/** Loads the verify step's machinery (once; a failed load, offline, is asked again next time). */
export function loadVerification(): Promise<VerificationModule> {
  loading ??= import('./verification').then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The verify step's machinery if it has loaded. */
export const loadedVerification = (): VerificationModule | undefined => loaded;

/**
 * What a restored transaction waits for: one past its inquiry and not yet on its receipt may resume in
 * verify (or its FDS challenge, then verify), so its machinery loads first. undefined: nothing to wait for.
 */
export function verificationBefore(restore: FlowRestore | undefined): Promise<unknown> | undefined {
  return restore?.inquiry && !restore.receipt && !loaded ? loadVerification() : undefined;
}

/**
 * Actor logic that acts as `logic()`, read when an actor of it is made: the submachine whose code has
 * loaded by the time its state is entered. Before that, making one is a mistake, said as such.
 */
export function loadedLater<T extends AnyActorLogic>(name: string, logic: () => T | undefined): T {
  const now = (): T => {
    const l = logic();
    if (!l) throw new Error(`flow machine: "${name}" is used before its code loaded (loadVerification())`);
    return l;
  };
  const later: AnyActorLogic = {
    transition: (snapshot, event, scope) => now().transition(snapshot, event, scope),
    getInitialSnapshot: (scope, input) => now().getInitialSnapshot(scope, input),
    restoreSnapshot: (persisted, scope) => {
      const l = now();
      return l.restoreSnapshot ? l.restoreSnapshot(persisted, scope) : persisted;
    },
    start: (snapshot, scope) => now().start?.(snapshot, scope),
    getPersistedSnapshot: (snapshot, options) => now().getPersistedSnapshot(snapshot, options),
  };
  return later as T;
}
