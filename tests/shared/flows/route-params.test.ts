// @vitest-environment node
// @vitest-environment node
// Route parameters (a fund's code in /applyandinvest/mutualfund/:mf/subscription/): the checker holds a
// flow to naming a choice field for each, and stepUrl carries the form's value into every step's URL.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFlows } from '@/shared/flows/check';
import { loadReferenceData, projectFolders } from '@/shared/flows/load-node';
import { routeParamsOf, stepUrl } from '@/shared/flows';

type Json = Record<string, unknown>;
const project = projectFolders();
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
const reference = loadReferenceData(project).data;
const locales: Record<string, Record<string, unknown>> = {};
for (const lang of ['en', 'id']) {
  locales[lang] = {};
  for (const f of readdirSync(path.join(project.localesDir, lang)))
    if (f.endsWith('.json'))
      locales[lang][f.replace(/\.json$/, '')] = readJson(path.join(project.localesDir, lang, f));
}
const FILE = 'applyandinvest/fund-subscription.json';

function problemsAfter(change: (f: Json) => void) {
  const flow = readJson(path.join(project.flowsDir, FILE));
  change(flow);
  const { problems } = checkFlows({
    flows: [{ file: `flows/${FILE}`, name: FILE, text: JSON.stringify(flow) }],
    readSchema: (p) => readFileSync(path.join(project.schemasDir, p), 'utf8'),
    locales,
    reference,
  });
  return problems.map((p) => `${p.path}: ${p.message}`);
}

describe('route parameters', () => {
  it('accept the fund subscription as written', () => {
    expect(problemsAfter(() => undefined)).toEqual([]);
  });

  it('need a field for each parameter, in the route, with a choice the server checks', () => {
    expect(problemsAfter((f) => delete f.routeParams)).toEqual([
      '$.routeParams: The route parameter ":mf" needs a field in "routeParams".',
    ]);
    expect(problemsAfter((f) => (f.routeParams = { mf: 'fund', code: 'fund' }))).toEqual([
      '$.routeParams.code: The route "/applyandinvest/mutualfund/:mf/subscription/" has no parameter ":code".',
    ]);
    expect(problemsAfter((f) => (f.routeParams = { mf: 'amount' }))).toEqual([
      '$.routeParams.mf: "amount" has no choice: the server must check the value a URL gives it.',
    ]);
    expect(problemsAfter((f) => (f.routeParams = { mf: 'fundCode' }))).toEqual([
      '$.routeParams.mf: The form has no field "fundCode".',
    ]);
    expect(problemsAfter((f) => (f.menu = { labelKey: 'flows:fund.fund', order: 1 }))).toEqual([
      '$.menu: A flow whose route has parameters has no menu entry (its page needs their values).',
    ]);
  });

  it('take the form’s value in every step’s URL, and stay as they are without one', () => {
    const flow = { route: '/applyandinvest/mutualfund/:mf/subscription/', routeParams: { mf: 'fund' } };
    expect(routeParamsOf(flow.route)).toEqual(['mf']);
    expect(stepUrl(flow, 'verify/', true, { fund: 'MF-PCF', amount: 5 })).toBe(
      '/applyandinvest/mutualfund/MF-PCF/subscription/verify/',
    );
    expect(stepUrl(flow, 'inquiry/', true, { fund: 'A B/C' })).toBe(
      '/applyandinvest/mutualfund/A%20B%2FC/subscription/inquiry/',
    );
    expect(stepUrl(flow, 'inquiry/')).toBe('/applyandinvest/mutualfund/:mf/subscription/inquiry/');
  });
});
