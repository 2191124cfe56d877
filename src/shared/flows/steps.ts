import fdsRules from '../../../rules/fds.json';
import type { FlowFile, InquirySpec, MachineStateConfig, StepMeta } from './types';

/** The steps of the default machine (and the three every machine must have). */
export const DEFAULT_STEPS: readonly StepMeta[] = [
  { view: 'inquiry', path: 'inquiry/' },
  { view: 'verify', path: 'verify/' },
  { view: 'receipt', path: 'receipt/' },
];

/** The FDS challenge step of the default machine; its page is the area's (`fdsPageOf`). */
export const FDS_STEP: StepMeta = { view: 'fds', path: 'fds-challenge/' };

export interface FlowStep extends StepMeta {
  /** The machine state (dotted for nested states) that shows this step. */
  state: string;
}

/** What the steps need of a flow: its machine, inquiry steps (paths only) and FDS rule. */
export type StepsOfFlow = Pick<FlowFile, 'machine'> & {
  inquiry?: Pick<InquirySpec, 'path' | 'titleKey'> & {
    steps?: { id: string; path: string; titleKey?: string }[];
  };
  fds?: FlowFile['fds'];
};

/** The machine state of an earlier inquiry step. */
export const stepStateOf = (stepId: string) => `step-${stepId}`;

/** The path of the flow's own form: "inquiry/", or with earlier steps the last step's ("inquiry/step-3/"). */
export function finalInquiryPath(flow: Pick<StepsOfFlow, 'inquiry'>): string {
  const steps = flow.inquiry?.steps ?? [];
  if (!steps.length) return 'inquiry/';
  return flow.inquiry?.path ?? `inquiry/step-${steps.length + 1}/`;
}

/** The pages of the default machine for this flow: earlier inquiry steps, the form, FDS, verify, receipt. */
function defaultSteps(flow: StepsOfFlow): FlowStep[] {
  const earlier: FlowStep[] = (flow.inquiry?.steps ?? []).map((s) => ({
    view: 'step',
    path: s.path,
    step: s.id,
    state: stepStateOf(s.id),
    ...(s.titleKey ? { titleKey: s.titleKey } : {}),
  }));
  const final: FlowStep = {
    view: 'inquiry',
    path: finalInquiryPath(flow),
    state: 'inquiry',
    ...(earlier.length && flow.inquiry?.titleKey ? { titleKey: flow.inquiry.titleKey } : {}),
  };
  return [
    ...earlier,
    final,
    ...(flow.fds ? [{ ...FDS_STEP, state: 'fds' }] : []),
    { view: 'verify', path: 'verify/', state: 'verify' },
    { view: 'receipt', path: 'receipt/', state: 'receipt' },
  ];
}

/** Every page of a flow, in the order its machine declares them. */
export function stepsOf(flow: StepsOfFlow): FlowStep[] {
  if (!flow.machine) return defaultSteps(flow);
  const out: FlowStep[] = [];
  const walk = (states: Record<string, MachineStateConfig>, prefix: string) => {
    for (const [name, st] of Object.entries(states)) {
      const id = prefix ? `${prefix}.${name}` : name;
      if (st.meta) out.push({ ...st.meta, state: id });
      if (st.states) walk(st.states, id);
    }
  };
  walk(flow.machine.states, '');
  return out;
}

/**
 * The path of a flow's first page: its form, or its first inquiry step; with a machine of its own, the
 * first page it declares (gold saving's "buy/", "register/").
 */
export const firstStepPath = (flow: StepsOfFlow): string =>
  flow.inquiry?.steps?.[0]?.path ??
  (flow.machine ? (stepsOf(flow)[0]?.path ?? 'inquiry/') : finalInquiryPath(flow));

/** The FDS challenge page of each area (rules/fds.json `challengePages`, by a route's first segment). */
export const FDS_CHALLENGE_PAGES: Readonly<Record<string, string>> = fdsRules.challengePages;

/** The first segment of a route: "/payment/bpjs/" -> "payment". */
export const routeArea = (route: string) => route.split('/').find(Boolean) ?? '';

/** The FDS challenge page of a flow: its area's page (the spec's route), else `<route>fds-challenge/`. */
export const fdsPageOf = (flow: Pick<FlowFile, 'route'>): string =>
  FDS_CHALLENGE_PAGES[routeArea(flow.route)] ?? `${flow.route}${FDS_STEP.path}`;

/**
 * The URL path of a step: route + step path, e.g. /payment/bpjs/inquiry/. A route parameter (":mf")
 * takes the value of its field in `values` (the form); without one it stays as it is.
 */
export function stepUrl(
  flow: Pick<FlowFile, 'route' | 'variant' | 'routeParams'>,
  stepPath: string,
  withVariant = true,
  values: Record<string, unknown> = {},
): string {
  const q = withVariant && flow.variant ? `?type=${encodeURIComponent(flow.variant)}` : '';
  const route = flow.route.replace(/:([a-zA-Z][a-zA-Z0-9]*)/g, (whole, param: string) => {
    const v = values[flow.routeParams?.[param] ?? param];
    return typeof v === 'string' && v !== '' ? encodeURIComponent(v) : whole;
  });
  return `${route}${stepPath}${q}`;
}

/** The route parameters of a flow (":mf" -> "mf"). */
export const routeParamsOf = (route: string): string[] =>
  [...route.matchAll(/:([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]!);

/**
 * Where a step of a flow is shown: the FDS challenge on its area's page, any other under the flow's
 * route (its parameters filled from `values`, the form).
 */
export const stepHref = (
  flow: Pick<FlowFile, 'route' | 'variant' | 'routeParams'>,
  step: Pick<StepMeta, 'view' | 'path'>,
  values: Record<string, unknown> = {},
) => (step.view === 'fds' ? fdsPageOf(flow) : stepUrl(flow, step.path, true, values));

/**
 * The step paths a flow's pages are served at, e.g. ["inquiry/", "verify/", "receipt/"]. The FDS
 * challenge is on its area's page. A multi-step flow's "inquiry/" is kept too: a link to the form (a
 * favourite, the cart, the search box) lands there and follows the machine to its step.
 */
/** Whether a flow's page at `stepPath` comes after its form: the verify or receipt page (the app loads their code then). */
export function isLaterStep(flow: StepsOfFlow, stepPath: string): boolean {
  return stepsOf(flow).some((s) => s.path === stepPath && (s.view === 'verify' || s.view === 'receipt'));
}

export function pageStepPathsOf(flow: StepsOfFlow): string[] {
  return [
    ...stepsOf(flow)
      .filter((s) => s.view !== 'fds')
      .map((s) => s.path),
    ...(firstStepPath(flow) !== 'inquiry/' ? ['inquiry/'] : []),
  ];
}
