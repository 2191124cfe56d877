// The flow checker (npm run flows:check): every rule family in its own file, run here in one pass per flow
// in a fixed order, so a file's problems always come in the same order.
import { secretFields } from '../secret';
import { stepsOf } from '../steps';
import type { FlowFile, FlowProblem, LoadedFlow } from '../types';
import { checkChoices, checkListsAndProvider } from './choices';
import type { CheckRun, FlowCheckInput, FlowCheckResult, FlowUnderCheck, FlowWithForms } from './context';
import { checkNotify, checkPromo, checkSchedule } from './extras';
import { checkForms } from './forms';
import { jsonSyntaxMessage, newAjv } from './json';
import { checkMachine } from './machine';
import { metaSchemaProblems } from './meta-schema';
import { checkMovesMoneyOrNot, checkRulesAndPosting } from './money';
import { checkLookupAndParams } from './params';
import { checkIdRouteAndMenu, checkRouteParams, routeVariantProblems } from './place';
import { checkVerifyAndReceipt } from './rows';
import { checkSourced } from './values';

export type { FlowCheckInput, FlowCheckResult } from './context';
export { jsonPath, jsonSyntaxMessage } from './json';

/** Checks every flow and returns all problems at once (never stops at the first). */
export function checkFlows(input: FlowCheckInput): FlowCheckResult {
  const problems: FlowProblem[] = [];
  const loaded: LoadedFlow[] = [];
  const shownAs: string[] = [];
  const run: CheckRun = {
    input,
    schemasLabel: input.schemasLabel ?? 'schemas/',
    ajv: newAjv(),
    schemaCache: new Map(),
    ids: new Map(),
    routes: new Map(),
    routeVariants: new Map(),
  };

  for (const src of input.flows) {
    const file = src.file;
    const report = (path: string, message: string) => problems.push({ file, path, message });
    let data: unknown;
    try {
      data = JSON.parse(src.text);
    } catch (err) {
      report('$', jsonSyntaxMessage(src.text, err));
      continue;
    }
    for (const d of metaSchemaProblems(data)) report(d.path, d.message);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) continue;
    // Carry on with what is there, so one run shows every problem.
    const flow = data as Partial<FlowFile>;
    const base: FlowUnderCheck = { run, file, flow, schemas: {}, report };

    checkIdRouteAndMenu(base);
    const { mainSchema, fields, steps } = checkForms(base);
    const reference = input.reference ?? { lists: {}, providers: {} };
    const ctx: FlowWithForms = {
      ...base,
      mainSchema,
      fields,
      steps,
      secrets: new Set(secretFields(flow)),
      choices: flow.choices && typeof flow.choices === 'object' ? flow.choices : {},
      reference,
      category: flow.provider ? reference.providers[flow.provider.category] : undefined,
    };
    checkRouteParams(ctx);
    checkChoices(ctx);
    checkListsAndProvider(ctx);
    checkLookupAndParams(ctx);
    checkRulesAndPosting(ctx);
    checkNotify(ctx);
    checkPromo(ctx);
    checkSchedule(ctx);
    checkMovesMoneyOrNot(ctx);
    checkVerifyAndReceipt(ctx);
    if (flow.amount) checkSourced(ctx, flow.amount.from, '$.amount.from', false);
    checkMachine(ctx);

    if (problems.every((pr) => pr.file !== file) && typeof flow.id === 'string') {
      loaded.push({ flow: flow as FlowFile, file: src.name, schemas: base.schemas });
      shownAs.push(file);
    }
  }
  problems.push(...routeVariantProblems(run));

  const bad = new Set(problems.map((p) => p.file));
  return { flows: loaded.filter((_, i) => !bad.has(shownAs[i]!)), problems };
}

export { stepsOf };
