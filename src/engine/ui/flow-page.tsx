import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { createContext, Suspense, use, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { createActor, type AnyActorRef, type Subscription } from 'xstate';
import { apiPost } from '@/shared/api/client';
import {
  fdsPageOf,
  firstStepPath,
  routeArea,
  secretFields,
  stepHref,
  stepsOf,
  withoutSecrets,
  type FlowFile,
  type Receipt,
  type StepMeta,
} from '@/shared/flows';
import { CART_ITEM_PARAM, CART_PATH } from '@/shared/cart/cart-api';
import {
  ErrorProvider,
  gateFor,
  useErrorHandler,
  useFeatureGate,
  useSession,
  type CustomerFlags,
} from '@/shared/ui';
import { addStrings } from '@/shared/i18n/i18n';
import { FLOWS, flowsOfRoute, flowStrings, loadFlow } from '../flows-data';
import {
  createFlowMachine,
  currentMeta,
  provideServices,
  type FlowActorRef,
  type FlowRestore,
  type FlowSnapshot,
} from '../machine/flow-machine';
import { FAVOURITE_PARAM, PAY_PARAM } from '../favourites';
import { clearTransaction, loadTransaction, saveTransaction } from '../persistence';
import { createHttpServices, type TransactionServices } from '../services/transaction-services';
import { FlowActorView } from './flow-step-view';
import { leftBehind, urlFollows } from './url-follows';

interface Sessions {
  services: TransactionServices;
  actorFor(flow: FlowFile): FlowActorRef;
  /** A new transaction of the flow with its form filled in (from a favourite): what ran before is dropped. */
  startWith(flow: FlowFile, form: Record<string, unknown>): FlowActorRef;
  /** The flow last used under a shared route (verify/receipt of /transfer/ need to know which). */
  activeFlow(route: string): string | undefined;
}
const SessionsCtx = createContext<Sessions | null>(null);

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

/**
 * The customer's flags: the shell's (asked once for every page), so a flow's page renders at once
 * instead of asking again behind a spinner. Asked here only outside the shell. undefined while not
 * known yet.
 */
function useCustomerFlags(): CustomerFlags | null | undefined {
  const session = useSession();
  const [flags, setFlags] = useState<CustomerFlags | null>();
  useEffect(() => {
    if (session) return;
    let live = true;
    apiPost<{ customer: CustomerFlags }>('/api/v1/session/me').then(
      (r) => live && setFlags(r.customer),
      () => live && setFlags(null),
    );
    return () => {
      live = false;
    };
  }, [session]);
  return session ? (session.customer ?? undefined) : flags;
}

/**
 * One page of a flow (route + step path), or an area's FDS challenge page (the flow in progress in
 * that area); follows the machine, so a step entered without its state goes back.
 */
function FlowPage({ route, stepPath, fdsPage }: { route?: string; stepPath: string; fdsPage?: string }) {
  const sessions = useContext(SessionsCtx);
  const [params] = useSearchParams();
  const flows = route ? flowsOfRoute(route, FLOWS) : FLOWS.filter((f) => fdsPageOf(f) === fdsPage);
  const variant = params.get('type');
  const key = route ?? fdsPage ?? '';
  // Flows sharing a route: the one named by ?type=, else the only one with this step (gold's buy/ and
  // sell/), else the one last used under the route (their shared verify and receipt).
  const owning = flows.filter((f) => stepsOf(f).some((s) => s.path === stepPath));
  const flow = fdsPage
    ? flows.find((f) => f.id === sessions?.activeFlow(fdsPage))
    : (flows.find((f) => f.variant && f.variant === variant) ??
      (flows.length === 1
        ? flows[0]
        : owning.length === 1
          ? owning[0]
          : flows.find((f) => f.id === sessions?.activeFlow(key))));
  if (!sessions) return null;
  // Entered with no transaction of the area in progress: back to the area's chooser.
  if (!flow) return <Navigate to={fdsPage ? `/${routeArea(fdsPage)}/` : flows.length ? key : '/'} replace />;
  // Keyed by flow: another flow's page starts with nothing of this one's.
  return (
    <Suspense fallback={<Loading />}>
      <LoadedFlowPage key={flow.id} id={flow.id} stepPath={stepPath} sessions={sessions} />
    </Suspense>
  );
}

function Loading() {
  const { t } = useTranslation('engine');
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <CircularProgress aria-label={t('common:loading')} />
    </Box>
  );
}

const ready = new Map<string, Promise<FlowFile | undefined>>();
/** A flow's whole file with its own strings added (flows-data.ts): each loads when its page first opens. */
function flowReady(id: string, i18n: Parameters<typeof addStrings>[0]): Promise<FlowFile | undefined> {
  let p = ready.get(id);
  if (!p) {
    p = Promise.all([loadFlow(id), addStrings(i18n, flowStrings(id))]).then(([flow]) => flow);
    // A failed load (offline) is asked again next time rather than remembered.
    p.catch(() => ready.delete(id));
    ready.set(id, p);
  }
  return p;
}

function LoadedFlowPage({ id, stepPath, sessions }: { id: string; stepPath: string; sessions: Sessions }) {
  const { i18n } = useTranslation();
  const flow = use(flowReady(id, i18n));
  if (!flow) return <Navigate to="/" replace />;
  return <FlowPageOf flow={flow} stepPath={stepPath} sessions={sessions} />;
}

function FlowPageOf({ flow, stepPath, sessions }: { flow: FlowFile; stepPath: string; sessions: Sessions }) {
  const { t } = useTranslation('engine');
  const navigate = useNavigate();
  const location = useLocation();
  const errors = useErrorHandler();
  const [actor, setActor] = useState(() => sessions.actorFor(flow));
  const customer = useCustomerFlags();
  // The route's parameters as form values (":mf" of a fund's pages is its "fund" field).
  const urlParams = useParams();
  const routeKey = JSON.stringify(routeValuesOf(flow, urlParams));
  const routeValues = useMemo(() => JSON.parse(routeKey) as Record<string, string>, [routeKey]);
  const gate = useFeatureGate(customer ?? null, () => navigate('/applyandinvest/saving/'));
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (flow.requires && customer !== undefined && !gate.check(flow.requires)) setBlocked(true);
  }, [customer, flow.requires, gate]);
  // The flow's eligibility gates (risk profile, investor id, age, product held), asked of the server
  // before the form: a refusal shows its spec dialog and the form stays closed.
  const gated = !!flow.gates?.length && !!sessions.services.eligibility;
  const [eligible, setEligible] = useState<boolean | undefined>(gated ? undefined : true);
  // Asked only of a customer the flow's `requires` lets in: one dialog (the pop-up), not two.
  const requiresKnown = !flow.requires || customer !== undefined;
  const requiresFails = !!flow.requires && gateFor(customer ?? null, flow.requires) !== 'ok';
  useEffect(() => {
    if (!gated || !requiresKnown || requiresFails) return;
    let live = true;
    const known = JSON.parse(routeKey) as Record<string, string>;
    sessions.services.eligibility!(flow.id, Object.keys(known).length ? known : undefined).then(
      () => live && setEligible(true),
      (err: unknown) => {
        if (!live) return;
        setEligible(false);
        errors.showError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [gated, requiresKnown, requiresFails, flow.id, sessions, errors, routeKey]);

  // ?favorite=<id> on the form's page: a new transaction, filled in from that favourite. Until it is
  // read, the page does not follow a transaction left in verify (it is being replaced).
  const [params] = useSearchParams();
  // The flow's first page (its form: "inquiry/", or gold's "buy/", "register/").
  const first = stepPath === firstStepPath(flow);
  const favouriteId = first ? params.get(FAVOURITE_PARAM) : null;
  const [favourite, setFavourite] = useState<{ id: string; name?: string; gone?: boolean }>();
  const favouriteLoading = !!favouriteId && favourite?.id !== favouriteId;
  // The transaction (actor) started from a favourite to be paid at once (?pay=1).
  const pay = params.get(PAY_PARAM) === '1';
  const [paying, setPaying] = useState<string>();
  useEffect(() => {
    if (!favouriteId || favourite?.id === favouriteId) return;
    let live = true;
    sessions.services.favourite(favouriteId).then(
      (f) => {
        if (!live) return;
        if (f && f.flowId === flow.id) {
          const started = sessions.startWith(flow, f.form);
          setActor(started);
          if (pay) setPaying(started.sessionId);
          setFavourite({ id: favouriteId, name: f.name });
        } else setFavourite({ id: favouriteId, gone: true });
      },
      (err: unknown) => {
        if (!live) return;
        setFavourite({ id: favouriteId });
        errors.showError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [favouriteId, favourite?.id, sessions, flow, errors, pay]);

  // ?cartItem=<id> on the form's page (the cart's Edit): that item's form, and its verify page
  // updates the item instead of adding another.
  const cartItemParam = first && !favouriteId ? params.get(CART_ITEM_PARAM) : null;
  const [cartItem, setCartItem] = useState<{ param: string; itemId?: number }>();
  const cartLoading = !!cartItemParam && !!sessions.services.cart && cartItem?.param !== cartItemParam;
  useEffect(() => {
    if (!cartItemParam || cartItem?.param === cartItemParam || !sessions.services.cart) return;
    let live = true;
    const itemId = Number(cartItemParam);
    sessions.services.cart.item(itemId).then(
      (item) => {
        if (!live) return;
        if (item && item.flowId === flow.id) {
          setActor(sessions.startWith(flow, item.form));
          setCartItem({ param: cartItemParam, itemId });
        } else setCartItem({ param: cartItemParam });
      },
      (err: unknown) => {
        if (!live) return;
        setCartItem({ param: cartItemParam });
        errors.showError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [cartItemParam, cartItem?.param, sessions, flow, errors]);

  // ?<choice field>=<value> on the form's page (a link from a list, e.g. /mytransaction/'s "Delete"):
  // a new transaction with that option chosen. Only fields with a choice; the server checks the value.
  // The route's parameters do the same (a fund's code in /mutualfund/:mf/...); a form that already has
  // these values (the customer came back from verify, or reloaded) is kept.
  const prefillKey = first && !favouriteId && !cartItemParam ? prefillKeyOf(flow, params, routeValues) : null;
  const [prefilled, setPrefilled] = useState<string | null>(null);
  const prefillPending = !!prefillKey && prefilled !== prefillKey;
  useEffect(() => {
    if (!prefillKey || prefilled === prefillKey) return;
    const values = JSON.parse(prefillKey) as Record<string, string>;
    const form = actor.getSnapshot().context.form;
    if (!Object.entries(values).every(([k, v]) => form[k] === v)) setActor(sessions.startWith(flow, values));
    setPrefilled(prefillKey);
  }, [prefillKey, prefilled, sessions, flow, actor]);

  // ?to=<account number> on the form's page (a recent recipient on /transfer/): a new transaction to
  // that account, in the flow's beneficiary account-number field.
  const to = first && !favouriteId ? params.get('to') : null;
  const [startedTo, setStartedTo] = useState<string>();
  useEffect(() => {
    const credit = flow.posting?.credit;
    if (!to || to === startedTo || !/^\d{5,18}$/.test(to) || !credit || !('accountNo' in credit)) return;
    if (!credit.accountNo.startsWith('form.')) return;
    setStartedTo(to);
    setActor(sessions.startWith(flow, { [credit.accountNo.slice(5)]: to }));
  }, [to, startedTo, sessions, flow]);

  // The URL follows the machine. The location last followed tells an arrival at this URL from a move
  // of the machine while on it (url-follows.ts).
  const followed = useRef<string>(undefined);
  useEffect(() => {
    if (favouriteLoading || prefillPending || cartLoading) return;
    const follow = (snap: FlowSnapshot) => {
      const meta = currentMeta(snap);
      if (!meta || leftBehind(location.key)) return;
      const arrival = followed.current !== location.key;
      followed.current = location.key;
      // Past the form, the URL names the transaction's own product (":mf"), not another one typed in.
      const form = snap.context.form;
      const otherProduct =
        !first &&
        Object.values(flow.routeParams ?? {}).some(
          (field) => typeof form[field] === 'string' && form[field] !== routeValues[field],
        );
      const next = urlFollows({ stepPath, first, machine: meta, otherProduct, arrival });
      if (next === 'new') actor.send({ type: 'NEW' });
      else if (next === 'go')
        navigate(stepHref(flow, meta as StepMeta, { ...routeValues, ...form }), { replace: true });
    };
    follow(actor.getSnapshot() as FlowSnapshot);
    const sub = actor.subscribe((s) => follow(s as FlowSnapshot));
    return () => sub.unsubscribe();
  }, [
    actor,
    flow,
    stepPath,
    first,
    navigate,
    location.key,
    favouriteLoading,
    prefillPending,
    cartLoading,
    routeValues,
  ]);

  if (
    (flow.requires && customer === undefined) ||
    (eligible === undefined && !blocked) ||
    favouriteLoading ||
    prefillPending ||
    cartLoading
  )
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <CircularProgress aria-label={t('common:loading')} />
      </Box>
    );
  if (blocked)
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', p: 2 }}>
        <Alert severity="info" data-testid="flow-casa-required">
          {t(gate.outcome === 'supplementary' ? 'supplementaryBlocked' : 'casaRequired')}
        </Alert>
        {gate.dialogs}
      </Box>
    );
  if (eligible === false)
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', p: 2 }}>
        <Alert severity="info" data-testid="flow-gate-refused">
          {t('engine2:gates.blocked')}
        </Alert>
      </Box>
    );
  return (
    <>
      {/* A transaction started anew (from a favourite) is another actor: its view starts afresh. */}
      <FlowActorView
        key={actor.sessionId}
        flow={flow}
        actor={actor}
        services={sessions.services}
        onAddedToCart={() => navigate(CART_PATH)}
        cartItemId={cartItem?.itemId}
        // ?favorite=<id>&pay=1: the favourite's form sends itself (each step once) once it has loaded.
        autoSubmit={paying === actor.sessionId}
        routeValues={routeValues}
        notice={
          // Said while the page is the favourite's (a new transaction after it has a page of its own).
          favourite?.id === favouriteId &&
          (favourite?.name || favourite?.gone) && (
            <Alert
              severity={favourite.gone ? 'warning' : 'info'}
              sx={{ mb: 2 }}
              data-testid={favourite.gone ? 'favourite-gone' : 'favourite-filled'}
            >
              {favourite.gone
                ? t('favourites.gone')
                : t('favourites.fromFavourite', { name: favourite.name })}
            </Alert>
          )
        }
      />
      {gate.dialogs}
    </>
  );
}

/**
 * The choice fields a link names in its query (?instruction=12, ?vaNumber=…) or its route (:mf), as a stable key;
 * null when none.
 */
function prefillKeyOf(
  flow: FlowFile,
  params: URLSearchParams,
  routeValues: Record<string, string>,
): string | null {
  const form: Record<string, string> = {};
  // A choice (the server checks the value), the number a choice is inferred from (a VA number names
  // its merchant), or the promo code a promo's page offers.
  const inferredFrom = Object.values(flow.choices ?? {}).flatMap((c) => (c.inferFrom ? [c.inferFrom] : []));
  const fields = [
    ...Object.keys(flow.choices ?? {}),
    ...inferredFrom,
    ...(flow.promo ? [flow.promo.field] : []),
  ];
  for (const field of fields) {
    const v = params.get(field);
    if (v !== null && v.length > 0 && v.length <= 100) form[field] = v;
  }
  Object.assign(form, routeValues);
  return Object.keys(form).length ? JSON.stringify(form) : null;
}

/** The values the URL gives the route's parameters, by the field each fills (a literal ":mf" gives none). */
function routeValuesOf(
  flow: FlowFile,
  urlParams: Record<string, string | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [param, field] of Object.entries(flow.routeParams ?? {})) {
    const v = urlParams[param];
    if (v && !v.startsWith(':') && v.length <= 100) out[field] = v;
  }
  return out;
}

/** The route and step a flow route serves (its `handle`, built from the flow files). */
export interface FlowStepHandle {
  /** `route`: a flow route's step; `fdsPage`: an area's FDS challenge page (routes of ../index.ts). */
  flowStep: { route?: string; stepPath: string; fdsPage?: string };
}

/**
 * The component of every flow step route. Being the same component, React keeps it (and the code
 * being typed, the focus) when the URL follows the machine to the next step; one per step would
 * mount the page anew and lose them.
 */
export function FlowStepPage({ flowStep: step }: FlowStepHandle) {
  return <FlowPage route={step.route} stepPath={step.stepPath} fdsPage={step.fdsPage} />;
}
