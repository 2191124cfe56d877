// A flow's place in the product: its id, its route (and route parameters), its title and menu entry.
import { routeParamsOf } from '../steps';
import type { FlowProblem } from '../types';
import type { CheckRun, FlowUnderCheck, FlowWithForms } from './context';
import { checkKey } from './texts';

/** Its id and route, unique across the run; its title and menu texts. */
export function checkIdRouteAndMenu(ctx: FlowUnderCheck): void {
  const { flow, file, report } = ctx;
  const { ids, routes, routeVariants } = ctx.run;
  if (typeof flow.id === 'string') {
    const prev = ids.get(flow.id);
    if (prev) report('$.id', `The id "${flow.id}" is already used by ${prev}.`);
    else ids.set(flow.id, file);
    // An id's first part has no hyphen: area "bi-fast" gives ids "bifast.<name>".
    const prefix = typeof flow.area === 'string' ? `${flow.area.replaceAll('-', '')}.` : '';
    if (prefix && !flow.id.startsWith(prefix))
      report('$.id', `The id "${flow.id}" must start with its area, "${prefix}".`);
  }
  if (typeof flow.route === 'string') {
    const key = `${flow.route}?${flow.variant ?? ''}`;
    const prev = routes.get(key);
    if (prev)
      report(
        flow.variant ? '$.variant' : '$.route',
        `The route "${flow.route}"${flow.variant ? ` with variant "${flow.variant}"` : ''} is already used by ${prev}.`,
      );
    else routes.set(key, file);
    const list = routeVariants.get(flow.route) ?? [];
    list.push({ file, variant: flow.variant });
    routeVariants.set(flow.route, list);
  }

  checkKey(ctx, flow.titleKey, '$.titleKey');
  if (flow.amount?.labelKey) checkKey(ctx, flow.amount.labelKey, '$.amount.labelKey');
  if (flow.menu) {
    checkKey(ctx, flow.menu.labelKey, '$.menu.labelKey');
    checkKey(ctx, flow.menu.descriptionKey, '$.menu.descriptionKey');
  }
}

/** Route parameters: each names a choice field of the form, and every one is in the route. */
export function checkRouteParams(ctx: FlowWithForms): void {
  const { flow, fields, choices, report } = ctx;
  if (typeof flow.route !== 'string') return;
  const inRoute = routeParamsOf(flow.route);
  const mapped = flow.routeParams && typeof flow.routeParams === 'object' ? flow.routeParams : {};
  for (const param of inRoute)
    if (!(param in mapped))
      report('$.routeParams', `The route parameter ":${param}" needs a field in "routeParams".`);
  for (const [param, field] of Object.entries(mapped)) {
    const p = `$.routeParams.${param}`;
    if (!inRoute.includes(param)) report(p, `The route "${flow.route}" has no parameter ":${param}".`);
    else if (fields && !fields.has(field)) report(p, `The form has no field "${field}".`);
    else if (!(field in choices))
      report(p, `"${field}" has no choice: the server must check the value a URL gives it.`);
  }
  if (inRoute.length && flow.menu)
    report('$.menu', 'A flow whose route has parameters has no menu entry (its page needs their values).');
}

/** After every file: flows that share a route each name their variant. */
export function routeVariantProblems(run: CheckRun): FlowProblem[] {
  const problems: FlowProblem[] = [];
  for (const [route, list] of run.routeVariants)
    if (list.length > 1)
      for (const item of list)
        if (!item.variant)
          problems.push({
            file: item.file,
            path: '$.route',
            message: `Several flows share the route "${route}": each of them needs its own "variant".`,
          });
  return problems;
}
