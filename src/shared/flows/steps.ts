import type { FlowFile, MachineStateConfig, StepMeta } from './types';

/** The steps of the default machine (and the three every machine must have). */
export const DEFAULT_STEPS: readonly StepMeta[] = [
  { view: 'inquiry', path: 'inquiry/' },
  { view: 'verify', path: 'verify/' },
  { view: 'receipt', path: 'receipt/' },
];

export interface FlowStep extends StepMeta {
  /** The machine state (dotted for nested states) that shows this step. */
  state: string;
}

/** Every page of a flow, in the order its machine declares them. */
export function stepsOf(flow: Pick<FlowFile, 'machine'>): FlowStep[] {
  if (!flow.machine) return DEFAULT_STEPS.map((s) => ({ ...s, state: s.view }));
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
 * The full URL path of a step: route + step path, e.g. /payment/bpjs/inquiry/. A route parameter
 * (":mf") takes the value of its field in `values` (the form); without one it stays as it is.
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
