// The machine: targets next to their state, registered guards, actions and actors, each step's page.
import { DEFAULT_STEPS } from '../steps';
import type { MachineStateConfig, TransitionConfig } from '../types';
import type { FlowUnderCheck } from './context';
import { checkForm } from './forms';
import { asList } from './json';
import { checkName } from './names';
import { checkKey } from './texts';

export function checkMachine(ctx: FlowUnderCheck): void {
  const { flow, report } = ctx;
  if (!flow.machine || typeof flow.machine !== 'object') return;
  const m = flow.machine;
  if (!m.states || typeof m.states !== 'object') return;
  if (typeof m.initial === 'string' && !(m.initial in m.states))
    report('$.machine.initial', `The initial state "${m.initial}" is not one of the states.`);
  const stepPaths = new Map<string, string>();
  const stepViews = new Set<string>();
  const walkStates = (states: Record<string, MachineStateConfig>, path: string) => {
    const siblings = new Set(Object.keys(states));
    const checkTransition = (t: TransitionConfig | string | undefined, p: string) => {
      if (t === undefined) return;
      const target = typeof t === 'string' ? t : t.target;
      if (
        typeof target === 'string' &&
        !target.startsWith('#') &&
        !target.startsWith('.') &&
        !siblings.has(target)
      )
        report(
          typeof t === 'string' ? p : `${p}.target`,
          `The target "${target}" is not a state next to this one.`,
        );
      if (typeof t === 'object') {
        checkName(ctx, t.guard, 'guards', 'client', `${p}.guard`);
        asList(t.actions).forEach((a, i) =>
          checkName(
            ctx,
            a,
            'actions',
            'client',
            Array.isArray(t.actions) ? `${p}.actions[${i}]` : `${p}.actions`,
          ),
        );
      }
    };
    const checkTransitions = (t: unknown, p: string) => {
      if (Array.isArray(t)) t.forEach((x, i) => checkTransition(x as TransitionConfig, `${p}[${i}]`));
      else checkTransition(t as TransitionConfig | string | undefined, p);
    };
    for (const [name, st] of Object.entries(states)) {
      if (!st || typeof st !== 'object') continue;
      const p = `${path}.${name}`;
      for (const k of ['entry', 'exit'] as const)
        asList(st[k]).forEach((a, i) =>
          checkName(ctx, a, 'actions', 'client', Array.isArray(st[k]) ? `${p}.${k}[${i}]` : `${p}.${k}`),
        );
      for (const [ev, t] of Object.entries(st.on ?? {})) checkTransitions(t, `${p}.on.${ev}`);
      checkTransitions(st.always, `${p}.always`);
      if (st.invoke) {
        checkName(ctx, st.invoke.src, 'actors', 'client', `${p}.invoke.src`);
        checkTransitions(st.invoke.onDone, `${p}.invoke.onDone`);
        checkTransitions(st.invoke.onError, `${p}.invoke.onError`);
      }
      if (st.meta) {
        checkKey(ctx, st.meta.titleKey, `${p}.meta.titleKey`);
        checkKey(ctx, st.meta.bodyKey, `${p}.meta.bodyKey`);
        if (st.meta.form) checkForm(ctx, st.meta.form, `${p}.meta.form`);
        if (st.meta.view === 'form' && !st.meta.form)
          report(`${p}.meta`, 'A "form" step needs its own "form" (schema and uiSchema).');
        if (typeof st.meta.path === 'string') {
          const prev = stepPaths.get(st.meta.path);
          if (prev)
            report(`${p}.meta.path`, `The step path "${st.meta.path}" is already used by state "${prev}".`);
          else stepPaths.set(st.meta.path, name);
          if (typeof st.meta.view === 'string') stepViews.add(st.meta.view);
        }
      }
      if (st.initial && st.states && !(st.initial in st.states))
        report(`${p}.initial`, `The initial state "${st.initial}" is not one of its states.`);
      if (st.states) walkStates(st.states, `${p}.states`);
    }
  };
  walkStates(m.states, '$.machine.states');
  // The spec's own paths may differ (gold saving's buy/, confirmation/): each view is what counts.
  for (const needed of DEFAULT_STEPS)
    if (![...stepViews].includes(needed.view))
      report(
        '$.machine',
        `The machine needs a state whose meta.view is "${needed.view}" (its page, e.g. "${needed.path}").`,
      );
}
