// The running flows of a page's session: one actor per flow, kept while the customer moves between its
// pages, and what of each is stored when the page is left (persistence.ts).
import { createContext, useEffect, useMemo, useRef } from 'react';
import { Outlet } from 'react-router';
import { createActor, type AnyActorRef, type Subscription } from 'xstate';
import { fdsPageOf, secretFields, withoutSecrets, type FlowFile, type Receipt } from '@/shared/flows';
import { ErrorProvider } from '@/shared/ui';
import {
  createFlowMachine,
  provideServices,
  type FlowActorRef,
  type FlowRestore,
  type FlowSnapshot,
} from '../machine/flow-machine';
import { verificationBefore } from '../machine/verification-loader';
import { clearTransaction, loadTransaction, saveTransaction } from '../persistence';
import { createHttpServices, type TransactionServices } from '../services/transaction-services';

export interface Sessions {
  services: TransactionServices;
  /** What must load before actorFor(flow) (the verify step's machinery of a transaction it restores past its inquiry). */
  ready(flow: FlowFile): Promise<unknown> | undefined;
  actorFor(flow: FlowFile): FlowActorRef;
  /** A new transaction of the flow with its form filled in (from a favourite): what ran before is dropped. */
  startWith(flow: FlowFile, form: Record<string, unknown>): FlowActorRef;
  /** The flow last used under a shared route (verify/receipt of /transfer/ need to know which). */
  activeFlow(route: string): string | undefined;
}
export const SessionsCtx = createContext<Sessions | null>(null);

/** A receipt without its one-time values (Receipt.secret: a virtual card number and CVV). */
function withoutReceiptSecret(r: Receipt): Receipt {
  const { secret: _secret, ...kept } = r;
  return kept;
}

/**
 * What of a running flow is kept when the page is left: never the OTP, only the challenge and
 * timestamps; never a secret field (`secret`: secretFields of the flow), which is typed again if needed;
 * never a receipt's one-time values.
 */
export function toRestore(snap: FlowSnapshot, secret: readonly string[] = []): FlowRestore {
  const c = snap.context;
  const child = snap.children.verification?.getSnapshot() as
    { context?: { challenge?: unknown; approval?: unknown } } | undefined;
  return {
    form: withoutSecrets(c.form, secret),
    labels: c.labels,
    inquiry: c.inquiry,
    method: c.method,
    idempotencyKey: c.idempotencyKey,
    // A receipt's one-time values (a virtual card number and CVV) stay in memory, never in storage.
    receipt: c.receipt && withoutReceiptSecret(c.receipt),
    ...(c.stepToken ? { stepToken: c.stepToken, stepAnswers: c.stepAnswers, stepsDone: c.stepsDone } : {}),
    ...(c.fdsPassed ? { fdsPassed: true } : {}),
    ...(c.method === 'otp' && child?.context?.challenge
      ? { otp: child.context.challenge as FlowRestore['otp'] }
      : {}),
    ...(c.method === 'approval' && child?.context?.approval
      ? { approval: child.context.approval as FlowRestore['approval'] }
      : {}),
  };
}

/** Holds the running flows while the customer moves between their pages (a pathless layout route). */
export function FlowLayout() {
  const services = useMemo(() => createHttpServices(), []);
  const actors = useRef(new Map<string, FlowActorRef>());
  const active = useRef(new Map<string, string>());
  const sessions = useMemo<Sessions>(() => {
    const start = (flow: FlowFile, restore: FlowRestore | undefined): FlowActorRef => {
      const secret = secretFields(flow);
      const a = createActor(provideServices(createFlowMachine(flow), flow, services), {
        input: { flow, restore },
      });
      const persist = (s: FlowSnapshot) => {
        // A transaction in verify or on its receipt is kept; a new inquiry replaces it.
        const cancelled = (s as unknown as { matches: (v: unknown) => boolean }).matches({
          verify: 'rejected',
        });
        // So is a multi-step inquiry with a step done (a reload resumes at the next step).
        const kept = s.context.inquiry || s.context.receipt || s.context.stepToken;
        if (kept && !cancelled) saveTransaction(flow.id, toRestore(s, secret));
        else if (loadTransaction()?.flowId === flow.id) clearTransaction();
      };
      // The OTP challenge and the approval request live in the verification child, whose changes
      // the flow's own snapshots do not carry: it is watched too, or a code sent would be lost
      // with the page.
      let child: AnyActorRef | undefined;
      let childSub: Subscription | undefined;
      a.subscribe((snap) => {
        active.current.set(flow.route, flow.id);
        const s = snap as FlowSnapshot;
        // The area's FDS challenge page shows the flow whose inquiry is in progress there.
        if (s.context.inquiry) active.current.set(fdsPageOf(flow), flow.id);
        const current = s.children.verification as AnyActorRef | undefined;
        if (current !== child) {
          childSub?.unsubscribe();
          child = current;
          childSub = current?.subscribe(() => persist(a.getSnapshot() as FlowSnapshot));
        }
        persist(s);
      });
      a.start();
      actors.current.set(flow.id, a);
      return a;
    };
    return {
      services,
      activeFlow: (route) => active.current.get(route) ?? loadTransaction()?.flowId,
      ready(flow) {
        if (actors.current.has(flow.id)) return undefined;
        const stored = loadTransaction();
        return stored?.flowId === flow.id ? verificationBefore(stored.state) : undefined;
      },
      actorFor(flow) {
        const stored = loadTransaction();
        return (
          actors.current.get(flow.id) ?? start(flow, stored?.flowId === flow.id ? stored.state : undefined)
        );
      },
      startWith(flow, form) {
        actors.current.get(flow.id)?.stop();
        if (loadTransaction()?.flowId === flow.id) clearTransaction();
        return start(flow, { form });
      },
    };
  }, [services]);
  useEffect(() => {
    const map = actors.current;
    return () => {
      for (const a of map.values()) a.stop();
      map.clear();
    };
  }, []);
  return (
    <SessionsCtx.Provider value={sessions}>
      <ErrorProvider>
        <Outlet />
      </ErrorProvider>
    </SessionsCtx.Provider>
  );
}
