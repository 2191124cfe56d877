import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, use, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createActor } from 'xstate';
import { Link, useInRouterContext } from 'react-router';
import { ErrorProvider, useErrorHandler } from '@/shared/ui';
import { secretFields, type FlowFile, type StepMeta } from '@/shared/flows';
import {
  createFlowMachine,
  currentMeta,
  provideServices,
  type FlowActorRef,
  type FlowRestore,
  type FlowSnapshot,
} from '../machine/flow-machine';
import { verificationBefore } from '../machine/verification-loader';
import type { TransactionServices } from '../services/transaction-services';
import { flowFormLoader, type FormLoader } from './form-loader';
import { InquiryView } from './inquiry-view';
import { useChoices, useLoadedForm } from './step-data';
import { Steps } from './step-progress';
import { fieldsOfSchema, filledValues, formOfStep, ownValues, stepChoices, stepCounter } from './multi-step';
import type { i18n as I18n } from 'i18next';
import { stringsReady } from '@/shared/i18n/i18n';
import { stepStrings } from '../strings';

// The verify, FDS challenge and receipt pages' code (their panels, the summary, the receipt's actions:
// scripts/vite/chunking.ts, the flow-steps group) is asked for when a form is sent, so it arrives while the
// inquiry is answered; a page opened on one of those steps asks for it at once.
const laterSteps = () => import('./later-steps');
const VerifyView = lazy(() => laterSteps().then((m) => ({ default: m.VerifyView })));
const FdsChallengeView = lazy(() => laterSteps().then((m) => ({ default: m.FdsChallengeView })));
const ReceiptView = lazy(() => laterSteps().then((m) => ({ default: m.ReceiptView })));
const Summary = lazy(() => laterSteps().then((m) => ({ default: m.Summary })));
/** Their code, and their strings in the page's language. */
const preloadLaterSteps = (i18n: I18n) => {
  void laterSteps().catch(() => undefined);
  void stringsReady(i18n, stepStrings).catch(() => undefined);
};

export interface FlowActorViewProps {
  flow: FlowFile;
  actor: FlowActorRef;
  services: TransactionServices;
  formLoader?: FormLoader;
  /** Said above the form (e.g. that it was filled in from a favourite). */
  notice?: React.ReactNode;
  /** Where the verify page's 'Add to cart' leads once added (none: no cart button). */
  onAddedToCart?: () => void;
  /** The cart item this transaction edits: the verify page updates it instead of adding one. */
  cartItemId?: number;
  /** Each form step sends itself once it is filled in (a registered biller paid in two taps). */
  autoSubmit?: boolean;
  /** Choice values the page's URL gave (route parameters): one that is no option gets a not-found page. */
  routeValues?: Record<string, string>;
}

/** Renders whatever step the flow's machine is in. */
export function FlowActorView({
  flow,
  actor,
  services,
  formLoader: givenLoader,
  notice,
  onAddedToCart,
  cartItemId,
  autoSubmit,
  routeValues,
}: FlowActorViewProps) {
  const { t, i18n } = useTranslation(['engine', 'flows']);
  const snap = useSelector(actor, (s) => s) as FlowSnapshot;
  const meta = currentMeta(snap) as StepMeta | undefined;
  const view = meta?.view ?? 'inquiry';
  const errors = useErrorHandler();
  // The steps that already sent themselves (autoSubmit): going back to one leaves it to the customer.
  const [autoSent, setAutoSent] = useState<string[]>([]);
  const ctx = snap.context;
  const formLoader = givenLoader ?? flowFormLoader(flow.id);
  const stepForm = formOfStep(flow, meta);
  const loaded = useLoadedForm(flow, stepForm, formLoader);
  const mainForm = useLoadedForm(flow, flow.form, formLoader);
  const choices = useChoices(flow, services, view === 'inquiry' || view === 'form' || view === 'step');
  // A multi-step inquiry: later steps choose among what the earlier ones answered.
  const multiStep = !!flow.inquiry?.steps?.length;
  // A price held for minutes (gold's quote) would run out while the order waited in a cart.
  const holdsQuote = Object.values(flow.form.uiSchema ?? {}).some(
    (ui) => (ui as Record<string, unknown> | undefined)?.['ui:widget'] === 'priceQuote',
  );
  const answered = ctx.stepAnswers;
  const allChoices = useMemo(
    () => (multiStep ? { ...choices.choices, ...stepChoices(flow, answered) } : choices.choices),
    [multiStep, choices.choices, flow, answered],
  );
  const counter = stepCounter(flow, meta);

  // An inquiry failure without inline messages (or a call that did not get through) opens the dialog.
  useEffect(() => {
    if (!ctx.error || (view !== 'inquiry' && view !== 'step')) return;
    const fields = (ctx.error as { body?: { fields?: object } }).body?.fields;
    // Inline messages go under their fields, when this page has them (a multi-step inquiry's last
    // look-up may refuse a field of an earlier step: that one is said in the dialog).
    const shown = multiStep && loaded && 'form' in loaded ? fieldsOfSchema(loaded.form.schema) : undefined;
    const here = Object.keys(fields ?? {}).some((p) => {
      const f = /^\/(?:form\/)?([^/]+)/.exec(p)?.[1];
      return !shown || (!!f && shown.has(f));
    });
    if (here) return;
    // Nothing is booked at inquiry: a time-out is one, and Reload asks again with the same form.
    errors.showError(ctx.error, {
      context: { stage: 'inquiry' },
      onRetry: () => {
        const { form, labels, submitted } = actor.getSnapshot().context;
        actor.send({
          type: 'SUBMIT',
          form: submitted?.form ?? form,
          labels,
          ...(submitted?.step ? { step: submitted.step } : {}),
        } as never);
      },
    });
  }, [ctx.error, view, errors, actor, loaded, multiStep]);
  useEffect(() => {
    if (choices.error) errors.showError(choices.error);
  }, [choices.error, errors]);

  // A multi-step inquiry keeps the flow's title; each step's own title goes with its "step N of M".
  const title = t(counter ? flow.titleKey : (meta?.titleKey ?? flow.titleKey));
  const inRouter = useInRouterContext();
  // The app's router when there is one (a page without one, as in Storybook, follows the link).
  const linkTo = (to: string) => (inRouter ? { component: Link, to } : { href: to });
  // A product the URL names that is not one of the field's options (a fund code that does not exist,
  // or one the customer does not hold): said plainly instead of an empty form.
  const unknown =
    view === 'inquiry' && !choices.loading && !choices.error
      ? Object.entries(routeValues ?? {}).find(
          ([field, value]) => !(choices.choices[field] ?? []).some((o) => o.value === value),
        )
      : undefined;
  let body: React.ReactNode;
  if (unknown) {
    body = (
      <Box data-testid="flow-route-unknown">
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('engine:routeUnknown', { value: unknown[1] })}
        </Alert>
        <Button variant="contained" {...linkTo(`/${flow.area}/`)}>
          {t('engine:routeUnknownBack')}
        </Button>
      </Box>
    );
  } else if (view === 'inquiry' || view === 'form' || view === 'step') {
    // The form is drawn once its choices are in (its selects' options): drawn before, it was drawn
    // again when they came, a second whole commit of it on a phone's main thread. A reload of them
    // (back from verify) keeps the form as it is.
    const firstChoices = choices.loading && !Object.keys(choices.choices).length;
    if (!loaded || firstChoices) body = <CircularProgress aria-label={t('common:loading')} />;
    else if ('error' in loaded) body = <Alert severity="error">{t('engine:inquiry.formUnavailable')}</Alert>;
    else
      body = (
        <InquiryView
          key={meta?.path}
          flow={flow}
          form={stepForm!}
          schema={loaded.form.schema}
          validator={loaded.form.validator}
          choices={allChoices}
          choicesLoading={choices.loading}
          // A step of a multi-step inquiry starts from its own values (the others are earlier steps'),
          // with what the earlier steps' answers fill in (inquiry.steps[].fills).
          initial={
            multiStep
              ? ownValues(loaded.form.schema, { ...ctx.form, ...filledValues(flow, answered) })
              : ctx.form
          }
          busy={snap.hasTag('busy' as never)}
          error={ctx.error}
          onSubmit={(form, labels) => {
            preloadLaterSteps(i18n);
            actor.send({
              type: snap.can({ type: 'NEXT', form } as never) ? 'NEXT' : 'SUBMIT',
              // Each step of a multi-step inquiry sends its own fields (the server keeps the others).
              form: multiStep ? ownValues(loaded.form.schema, form) : form,
              labels,
              ...(view === 'step' && meta?.step ? { step: meta.step } : {}),
            } as never);
          }}
          onBack={snap.can({ type: 'BACK' } as never) ? () => actor.send({ type: 'BACK' }) : undefined}
          autoSubmit={autoSubmit && !autoSent.includes(meta?.path ?? '')}
          onAutoSubmit={() => setAutoSent((s) => [...s, meta?.path ?? ''])}
          priceQuote={services.priceQuote}
        />
      );
    // What the earlier steps answered, above the last form (inquiry.summary): whom the customer pays.
    const shown = view === 'inquiry' ? flow.inquiry?.summary : undefined;
    if (shown?.length && Object.keys(answered).length)
      body = (
        <>
          <Box
            data-testid="step-answers"
            sx={{ mb: 2, px: 1.5, py: 0.5, bgcolor: 'action.hover', borderRadius: 1 }}
          >
            <Summary
              flow={flow}
              rows={shown}
              ctx={{ form: ctx.form, inquiry: answered }}
              labels={ctx.labels}
            />
          </Box>
          {body}
        </>
      );
  } else if (view === 'notice') {
    body = (
      <Box>
        <Typography sx={{ mb: 3 }}>{meta?.bodyKey ? t(meta.bodyKey) : ''}</Typography>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
          <Button variant="outlined" onClick={() => actor.send({ type: 'BACK' })}>
            {t('common:actions.back')}
          </Button>
          <Button
            variant="contained"
            onClick={() => actor.send({ type: 'SUBMIT', form: ctx.form, labels: ctx.labels })}
          >
            {t('common:actions.next')}
          </Button>
        </Box>
      </Box>
    );
  } else if (view === 'fds') {
    body = (
      <FdsChallengeView
        flow={flow}
        actor={actor}
        snap={snap}
        schema={mainForm && 'form' in mainForm ? mainForm.form.schema : undefined}
      />
    );
  } else if (view === 'verify') {
    body = (
      <VerifyView
        flow={flow}
        actor={actor}
        snap={snap}
        schema={mainForm && 'form' in mainForm ? mainForm.form.schema : undefined}
        cart={
          // Not a cart item: a multi-step inquiry (its earlier steps live on the server for 15 minutes), a
          // flow with a secret field (a PIN would stay in the cart's form), a form holding a price quote
          // (it runs out while the order waits), a receipt that shows something once (secret.<key>), or
          // what the FDS risk rule flagged (the cart has no challenge page; the server refuses it too).
          services.cart &&
          onAddedToCart &&
          !multiStep &&
          !holdsQuote &&
          !ctx.inquiry?.fdsRequired &&
          !secretFields(flow).length &&
          !flow.receipt.rows.some((r) => r.value.startsWith('secret.'))
            ? { ...services.cart, done: onAddedToCart, cartItemId }
            : undefined
        }
      />
    );
  } else if (view === 'receipt' && ctx.receipt) {
    body = (
      <ReceiptView
        flow={flow}
        receipt={ctx.receipt}
        form={ctx.form}
        labels={ctx.labels}
        inquiryDetails={ctx.inquiry?.details}
        schema={mainForm && 'form' in mainForm ? mainForm.form.schema : undefined}
        services={services}
        onNew={() => actor.send({ type: 'NEW' })}
      />
    );
  }
  return (
    <Box
      sx={{ maxWidth: 640, mx: 'auto', p: { xs: 1, sm: 2 } }}
      data-testid={`flow-${flow.id}`}
      data-view={view}
    >
      <Typography variant="h5" component="h1" sx={{ mb: 1, fontWeight: 700 }}>
        {title}
      </Typography>
      <Steps view={view} />
      {counter && (
        <Typography variant="subtitle2" component="p" sx={{ mb: 1 }} data-testid="step-counter">
          {t('engine2:multiStep.counter', counter)}
          {meta?.titleKey ? ` · ${t(meta.titleKey)}` : ''}
        </Typography>
      )}
      {(view === 'inquiry' || (view === 'step' && counter?.n === 1)) && notice}
      <Card variant="outlined">
        <CardContent>
          <Suspense fallback={<CircularProgress aria-label={t('common:loading')} />}>{body}</Suspense>
        </CardContent>
      </Card>
    </Box>
  );
}

export interface FlowStepViewProps {
  flow: FlowFile;
  /** The state to start from: nothing for the form, {inquiry, idempotencyKey, otp|approval} for verify, {receipt, ...} for the receipt. */
  state?: FlowRestore;
  services: TransactionServices;
  formLoader?: FormLoader;
}

/** Any step of any flow with a given state (Storybook, tests); services injected, no global singleton. */
export function FlowStepView(props: FlowStepViewProps) {
  return (
    <Suspense fallback={<StepLoading />}>
      <FlowStepActor {...props} />
    </Suspense>
  );
}

function StepLoading() {
  const { t } = useTranslation('common');
  return <CircularProgress aria-label={t('loading')} />;
}

function FlowStepActor({ flow, state, services, formLoader }: FlowStepViewProps) {
  // A state past the inquiry starts with the verify step's machinery in, as a restored page does.
  const restoring = verificationBefore(state);
  if (restoring) use(restoring);
  const actor = useMemo(
    () =>
      createActor(provideServices(createFlowMachine(flow), flow, services), {
        input: { flow, restore: state },
      }),
    [flow, state, services],
  );
  useEffect(() => {
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  return (
    <ErrorProvider>
      <FlowActorView flow={flow} actor={actor} services={services} formLoader={formLoader} />
    </ErrorProvider>
  );
}
