// Params: what a flow gives its look-up, executors and choice sources, against the schema each declares.
import type { Ajv } from 'ajv';
import { PARAMS_SCHEMAS } from '../registry-params';
import type { FlowWithForms } from './context';
import { jsonPath, newAjv } from './json';
import { checkName } from './names';

const paramsValidators = new Map<object, ReturnType<Ajv['compile']>>();
// The implementations' declared schemas (registry-params.ts, none with an $id) share one Ajv: an Ajv
// each was most of a first flows check (~90 of them). A provider category's, read from its file,
// keeps one of its own.
let declaredAjv: Ajv | undefined;
const declared = new Set<object>(
  Object.values(PARAMS_SCHEMAS as unknown as Record<string, Record<string, object>>).flatMap((byName) =>
    Object.values(byName),
  ),
);
/** Problems of a flow's params against the schema its implementation (or provider category) declares. */
function paramsProblems(
  schema: Record<string, unknown>,
  value: unknown,
  path: string,
  who: string,
): { path: string; message: string }[] {
  let v = paramsValidators.get(schema);
  if (!v) {
    v = (declared.has(schema) ? (declaredAjv ??= newAjv()) : newAjv()).compile(schema);
    paramsValidators.set(schema, v);
  }
  if (v(value ?? {})) return [];
  const known = Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});
  return (v.errors ?? []).map((e) => {
    const extra = (e.params as { additionalProperty?: string }).additionalProperty;
    const missing = (e.params as { missingProperty?: string }).missingProperty;
    const at = e.instancePath.split('/').slice(1);
    const where = jsonPath([
      ...path.replace(/^\$\.?/, '').split('.'),
      ...at,
      ...(extra ? [extra] : missing ? [missing] : []),
    ]);
    if (extra)
      return {
        path: where,
        message: `"${extra}" is not a param of ${who} (it takes ${known.length ? known.map((k) => `"${k}"`).join(', ') : 'no params'}; check the spelling).`,
      };
    if (missing)
      return {
        path: where,
        message: `${who[0]!.toUpperCase()}${who.slice(1)} needs the param "${missing}".`,
      };
    const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
    return {
      path: where,
      message: `The param "${at.join('.') || 'params'}" of ${who} ${allowed ? `must be one of ${allowed.map((x) => JSON.stringify(x)).join(', ')}` : (e.message ?? 'is not valid')}.`,
    };
  });
}

/** A flow's params against its implementation's declared schema; params naming a form field must name one. */
function checkParams(
  ctx: FlowWithForms,
  kind: keyof typeof PARAMS_SCHEMAS,
  name: unknown,
  value: unknown,
  path: string,
  who: string,
) {
  const schema = (PARAMS_SCHEMAS[kind] as unknown as Record<string, Record<string, unknown>>)[String(name)];
  if (typeof name !== 'string' || !schema) return;
  for (const pr of paramsProblems(schema, value, path, `${who} "${name}"`)) ctx.report(pr.path, pr.message);
  const props = schema.properties as Record<string, Record<string, unknown>>;
  for (const [k, v] of Object.entries((value as Record<string, unknown>) ?? {}))
    if (props[k]?.['x-field'] && typeof v === 'string' && ctx.fields && !ctx.fields.has(v))
      ctx.report(
        `${path}.${k}`,
        `The param "${k}" names a form field "${v}" that the form schema does not have.`,
      );
}

/** The inquiry's look-up, the executors' and choice sources' params, a provider category's look-up params. */
export function checkLookupAndParams(ctx: FlowWithForms): void {
  const { flow, choices, category } = ctx;
  if (flow.inquiry) checkName(ctx, flow.inquiry.lookup, 'lookups', 'server', '$.inquiry.lookup');
  if (flow.inquiry)
    checkParams(ctx, 'lookups', flow.inquiry.lookup, flow.inquiry.params, '$.inquiry.params', 'the look-up');
  if (flow.posting)
    checkParams(
      ctx,
      'executors',
      flow.posting.execute,
      flow.posting.params,
      '$.posting.params',
      'the executor',
    );
  if (flow.posting?.service)
    checkParams(
      ctx,
      'serviceExecutors',
      flow.posting.service.execute,
      flow.posting.service.params,
      '$.posting.service.params',
      'the service executor',
    );
  if (flow.service)
    checkParams(
      ctx,
      'serviceExecutors',
      flow.service.execute,
      flow.service.params,
      '$.service.params',
      'the service executor',
    );
  for (const [f, spec] of Object.entries(choices))
    if (spec && typeof spec === 'object')
      checkParams(
        ctx,
        'choiceSources',
        spec.source,
        spec.params,
        `$.choices.${f}.params`,
        'the choice source',
      );
  // A provider category may declare what its look-up's params are (lookup.params, a JSON Schema).
  const catParams = (category?.lookup as { params?: Record<string, unknown> } | undefined)?.params;
  if (catParams && flow.inquiry?.lookup === 'provider.inquiry')
    for (const pr of paramsProblems(
      catParams,
      flow.inquiry.params,
      '$.inquiry.params',
      `the providers of providers/${flow.provider!.category}.json`,
    ))
      ctx.report(pr.path, pr.message);
}
