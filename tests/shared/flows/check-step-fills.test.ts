// @vitest-environment node
// The checker on a step's `fills` and the last form's `inquiry.summary` (flow-engine-v2.md section 6),
// in memory on the QRIS payment's flow (flows/qris/pay.json) with one mistake each.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFlows } from '@/shared/flows/check';
import { loadReferenceData, projectFolders } from '@/shared/flows/load-node';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const project = projectFolders();
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
const locales: Record<string, Record<string, unknown>> = {};
for (const lang of ['en', 'id']) {
  locales[lang] = {};
  for (const f of readdirSync(path.join(project.localesDir, lang)))
    if (f.endsWith('.json'))
      locales[lang][f.replace(/\.json$/, '')] = readJson(path.join(project.localesDir, lang, f));
}
const reference = loadReferenceData(project).data;

function problemsOf(change: (flow: Json) => void) {
  const flow = readJson(path.join(project.flowsDir, 'qris/pay.json'));
  change(flow);
  return checkFlows({
    flows: [{ file: 'flows/qris/pay.json', name: 'qris/pay.json', text: JSON.stringify(flow, null, 2) }],
    readSchema: (p) => {
      try {
        return readFileSync(path.join(project.schemasDir, p), 'utf8');
      } catch {
        return undefined;
      }
    },
    locales,
    reference,
  }).problems;
}

describe('flows:check on fills and the summary above the last form', () => {
  it('passes the QRIS flow as it is', () => {
    expect(problemsOf(() => undefined)).toEqual([]);
  });

  it('refuses a fill that is no field of a later form', () => {
    const problems = problemsOf((f) => f.inquiry.steps[0].fills.push('tipKnd'));
    expect(problems).toEqual([
      expect.objectContaining({
        path: '$.inquiry.steps[0].fills[2]',
        message: expect.stringContaining('"tipKnd" is not a field of a later form'),
      }),
    ]);
  });

  it('checks the summary rows as verify rows, and wants earlier steps for them', () => {
    expect(
      problemsOf((f) => f.inquiry.summary.push({ labelKey: 'flows:qris.nope', value: 'form.nmid' })),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '$.inquiry.summary[8].labelKey' }),
        expect.objectContaining({ path: '$.inquiry.summary[8].value' }),
      ]),
    );
    const flat = problemsOf((f) => {
      const [step] = f.inquiry.steps;
      delete f.inquiry.steps;
      delete f.inquiry.path;
      delete f.inquiry.titleKey;
      f.form.uiSchema.payload = step.form.uiSchema.payload;
    });
    expect(flat).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: '$.inquiry.summary',
          message: expect.stringContaining('no "steps"'),
        }),
      ]),
    );
  });
});
