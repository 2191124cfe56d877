// What a link gives a flow's form: the choices its query names, the values its route's parameters fill.
import type { FlowFile } from '@/shared/flows';

/**
 * The choice fields a link names in its query (?instruction=12, ?vaNumber=…) or its route (:mf), as a stable key;
 * null when none.
 */
export function prefillKeyOf(
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
export function routeValuesOf(
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
