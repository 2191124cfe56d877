// A flow's page once its file has loaded: its gates (what the customer must hold, the server's
// eligibility), a new transaction a link asks for (a favourite, a cart item, a choice, an account), the
// URL following the machine, and the step's view. One component: its hooks share its state (custom hooks
// for the parts cost the transaction page ~140 B gzip in their arguments' and results' property names).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { apiPost } from '@/shared/api/client';
import { firstStepPath, stepHref, type FlowFile, type StepMeta } from '@/shared/flows';
import { CART_ITEM_PARAM, CART_PATH } from '@/shared/cart/cart-api';
import { gateFor, useErrorHandler, useFeatureGate, useSession, type CustomerFlags } from '@/shared/ui';
import { currentMeta, type FlowSnapshot } from '../machine/flow-machine';
import { FAVOURITE_PARAM, PAY_PARAM } from '../favourites';
import { FlowActorView } from './flow-step-view';
import { leftBehind, urlFollows } from './url-follows';
import type { Sessions } from './flow-sessions';
import { prefillKeyOf, routeValuesOf } from './link-values';

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

export function FlowPageOf({
  flow,
  stepPath,
  sessions,
}: {
  flow: FlowFile;
  stepPath: string;
  sessions: Sessions;
}) {
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
  // A page the customer may not use still says what it is (its flow's title, as the form would).
  const title = (
    <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 700 }}>
      {t(flow.titleKey)}
    </Typography>
  );
  if (blocked)
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', p: 2 }}>
        {title}
        <Alert severity="info" data-testid="flow-casa-required">
          {t(gate.outcome === 'supplementary' ? 'supplementaryBlocked' : 'casaRequired')}
        </Alert>
        {gate.dialogs}
      </Box>
    );
  if (eligible === false)
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', p: 2 }}>
        {title}
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
