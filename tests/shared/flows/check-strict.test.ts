// @vitest-environment node
// @vitest-environment node
// The strict checker: every mistake of issue 16 item 11 reported with its file, JSON path and a sentence.
// In memory (no copy of the project on disk): the new shapes of tests/engine/new-shapes/ plus one mistake each.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFlows } from '@/shared/flows/check';
import { loadReferenceData, projectFolders } from '@/shared/flows/load-node';
import type { ReferenceData } from '@/shared/flows/reference';

type Json = Record<string, unknown>;
const project = projectFolders();
const shapes = path.join(import.meta.dirname, '../../engine/new-shapes');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
const reference = loadReferenceData(project).data;

const locales: Record<string, Record<string, unknown>> = {};
for (const lang of ['en', 'id']) {
  locales[lang] = {};
  for (const f of readdirSync(path.join(project.localesDir, lang)))
    if (f.endsWith('.json'))
      locales[lang][f.replace(/\.json$/, '')] = readJson(path.join(project.localesDir, lang, f));
  locales[lang].flows = {
    ...(locales[lang].flows as Json),
    ...readJson(path.join(shapes, 'locales', lang, 'flows.json')),
  };
}

const SHAPES = {
  token: ['purchase/token-shape.json', 'forms/purchase/token-shape.json'],
  water: ['payment/water-shape.json', 'forms/payment/water-shape.json'],
  method: ['transfer/method-shape.json', 'forms/transfer/method-shape.json'],
} as const;

/** Checks one shape after `change` (of the flow, its form schema, or the flow file's text). */
function check(
  shape: keyof typeof SHAPES,
  change: {
    flow?: (f: Json) => void;
    form?: (s: Json) => void;
    text?: (t: string) => string;
    formText?: (t: string) => string;
    ref?: (r: ReferenceData) => ReferenceData;
  } = {},
) {
  const [flowFile, formFile] = SHAPES[shape];
  const flow = readJson(path.join(shapes, 'flows', flowFile));
  const form = readJson(path.join(shapes, 'schemas', formFile));
  change.flow?.(flow);
  change.form?.(form);
  const text = JSON.stringify(flow, null, 2);
  const { problems } = checkFlows({
    flows: [{ file: `flows/${flowFile}`, name: flowFile, text: change.text ? change.text(text) : text }],
    readSchema: (p) =>
      p === formFile ? (change.formText ?? String)(JSON.stringify(form, null, 2)) : undefined,
    locales,
    reference: change.ref ? change.ref(structuredClone(reference)) : reference,
  });
  for (const p of problems) expect(p.file).toBe(`flows/${flowFile}`);
  return (at: string) => problems.filter((p) => p.path === at).map((p) => p.message);
}
const ui = (f: Json) => (f.form as { uiSchema: Record<string, Json> }).uiSchema;

describe('flows:check reports each mistake with file, JSON path and a sentence', () => {
  it('accepts the three new shapes as written', () => {
    for (const shape of Object.keys(SHAPES) as (keyof typeof SHAPES)[]) {
      const [flowFile, formFile] = SHAPES[shape];
      const { problems } = checkFlows({
        flows: [
          {
            file: flowFile,
            name: flowFile,
            text: readFileSync(path.join(shapes, 'flows', flowFile), 'utf8'),
          },
        ],
        readSchema: (p) =>
          p === formFile ? readFileSync(path.join(shapes, 'schemas', formFile), 'utf8') : undefined,
        locales,
        reference,
      });
      expect(problems).toEqual([]);
    }
  });

  it("a misspelled param of a look-up, one naming a field the form lacks, an executor's and a choice source's", () => {
    const at = check('token', {
      flow: (f) => {
        (f.inquiry as Json).params = { customerFeild: 'meterNumber' };
        (f.posting as Json).params = { billerCode: 'X' };
      },
    });
    expect(at('$.inquiry.params.customerFeild')).toEqual([
      '"customerFeild" is not a param of the look-up "provider.inquiry" (it takes "customerField", "step", "amountField", "atLeast", "atMost", "amountsFrom"; check the spelling).',
    ]);
    expect(at('$.posting.params.billerCode')[0]).toMatch(
      /not a param of the executor "provider.pay" \(it takes no params/,
    );
    const at2 = check('water', {
      flow: (f) => {
        (f.inquiry as Json).params = { customerField: 'customerNo' };
      },
    });
    expect(at2('$.inquiry.params.customerField')).toEqual([
      'The param "customerField" names a form field "customerNo" that the form schema does not have.',
    ]);
    const at3 = check('method', {
      flow: (f) => {
        (f.choices as Record<string, Json>).bank!.params = { metod: 'bifast' };
      },
    });
    expect(at3('$.choices.bank.params.metod')[0]).toMatch(/not a param of the choice source "list"/);
  });

  it("a param the provider category's own lookup.params does not take", () => {
    const at = check('water', {
      ref: (r) => {
        (r.providers.water!.lookup as Json).params = {
          type: 'object',
          additionalProperties: false,
          required: ['customerField'],
          properties: { customerField: { type: 'string' } },
        };
        return r;
      },
      flow: (f) => {
        (f.inquiry as Json).params = {};
      },
    });
    expect(at('$.inquiry.params.customerField')).toEqual([
      'The providers of providers/water.json needs the param "customerField".',
    ]);
  });

  it('an inquiry.* value the provider never returns, or only after payment', () => {
    const at = check('token', {
      flow: (f) => {
        const summary = (f.verify as { summary: Json[] }).summary;
        summary[2]!.value = 'inquiry.tarif';
        summary.push({ labelKey: 'flows:shapes.token.token', value: 'inquiry.token' });
      },
    });
    expect(at('$.verify.summary[2].value')[0]).toMatch(
      /"inquiry.tarif": the provider category "electricity-prepaid" never answers "tarif" before payment \(it answers .*tariff/,
    );
    expect(at('$.verify.summary[3].value')[0]).toMatch(/never answers "token" before payment/);
  });

  it('a fee not in minor units and an unknown limit category', () => {
    const at = check('method', {
      flow: (f) => {
        const rules = f.rules as Json[];
        rules[0]!.fees = [{ kind: 'admin', amount: 2500.5 }];
        rules[1]!.limitCategory = 'transfer-rtgss';
      },
    });
    expect(at('$.rules[0].fees[0].amount')[0]).toMatch(/whole number of minor units/);
    expect(at('$.rules[1].limitCategory')[0]).toMatch(
      /"transfer-rtgss" is not a limit category \(declared in rules\/limit-categories.json/,
    );
  });

  it('a ui: key typo, option names not matching the enum, a message for a rule the field lacks (in a branch too)', () => {
    const at = check('method', {
      flow: (f) => {
        ui(f).bank!['ui:widgit'] = 'choice';
        (ui(f).method!['ui:enumNames'] as string[]).pop();
        (ui(f).purposeCode!['ui:errors'] as Json).pattern = 'flows:shapes.method.purposeRequired';
      },
    });
    expect(at('$.form.uiSchema.bank["ui:widgit"]')[0]).toMatch(/"ui:widgit" is not a uiSchema key/);
    expect(at('$.form.uiSchema.method["ui:enumNames"]')[0]).toMatch(/2 option name\(s\) for 3 option\(s\)/);
    expect(at('$.form.uiSchema.purposeCode["ui:errors"].pattern')[0]).toMatch(
      /rule "pattern", but "purposeCode" has no such rule in the form schema \(it has: required, enum, type\)/,
    );
  });

  it('a field of a branch only under "additionalProperties": false', () => {
    const at = check('method', { form: (s) => (s.additionalProperties = false) });
    expect(at('$.form.schema')[0]).toMatch(
      /"rtgsBank" appears only in a conditional branch.*"additionalProperties": false/,
    );
  });

  it('a promo code field that is not in the form, is required or too long, and promo on a flow that moves no money', () => {
    const missing = check('token', { flow: (f) => (f.promo = { field: 'promoCode' }) });
    expect(missing('$.promo.field')[0]).toMatch(/"promoCode" is not a field of the form schema/);
    const required = check('token', {
      flow: (f) => (f.promo = { field: 'meterNumber' }),
    });
    expect(required('$.promo.field')).toEqual([
      expect.stringMatching(/must be a string of at most 15 characters/),
      expect.stringMatching(/must be optional/),
    ]);
    const service = check('token', {
      flow: (f) => {
        f.promo = { field: 'promoCode' };
        f.service = { execute: 'request.record' };
      },
      form: (s) => ((s.properties as Json).promoCode = { type: 'string', maxLength: 15 }),
    });
    expect(service('$.promo')[0]).toMatch(/needs a flow that moves money/);
    const fine = check('token', {
      flow: (f) => (f.promo = { field: 'promoCode' }),
      form: (s) => ((s.properties as Json).promoCode = { type: 'string', maxLength: 15 }),
    });
    expect([...fine('$.promo'), ...fine('$.promo.field')]).toEqual([]);
  });

  it('a mailbox notice on a flow that moves money, and a placeholder its values do not fill', () => {
    const at = check('token', {
      flow: (f) =>
        (f.notify = {
          subjectKey: 'flows:notices.cardBlocked.subject',
          bodyKey: 'flows:notices.cardBlocked.body',
          values: { card: { value: 'inquiry.cardNumber' } },
        }),
    });
    expect(at('$.notify')[0]).toMatch(/Only a flow that moves no money/);
    expect(at('$.notify.values')).toEqual([
      expect.stringMatching(/names \{\{name\}\}, which "values" does not give/),
      expect.stringMatching(/names \{\{name\}\}, which "values" does not give/),
    ]);
  });

  it('a JSON syntax error, with its line and column', () => {
    const at = check('token', { text: (t) => t.replace('"area": "purchase",', '"area": "purchase"') });
    expect(at('$')[0]).toMatch(/^The file is not valid JSON at line 5, column 3/);
  });

  it("a JSON syntax error in a flow's form schema, with its line and column", () => {
    const at = check('water', { formText: (t) => t.replace('"type": "object",', '"type": "object"') });
    expect(at('$.form.schema')[0]).toMatch(
      /^schemas\/forms\/payment\/water-shape.json: The file is not valid JSON at line 4, column 3/,
    );
  });
  it('refuses a verify or receipt row, a favourite or an earlier step that would keep a secret field', () => {
    // customerNumber typed masked ("ui:widget": "password") is a secret: never shown, never kept as typed.
    const at = check('water', {
      flow: (f) => {
        ui(f).customerNumber = { ...ui(f).customerNumber, 'ui:widget': 'password' };
        (f.receipt as { actions: string[] }).actions.push('favourite');
      },
    });
    expect(at('$.verify.summary[1].value')[0]).toMatch(
      /"form.customerNumber" is a secret field .* never shown/,
    );
    expect(at('$.receipt.actions')[0]).toMatch(/secret field cannot be saved as a favourite/);
    const steps = check('water', {
      flow: (f) => {
        f.inquiry = {
          ...(f.inquiry as Json),
          steps: [
            {
              id: 'first',
              path: 'inquiry/step-1/',
              lookup: 'provider.options',
              form: {
                schema: 'forms/payment/water-shape.json',
                uiSchema: { customerNumber: { 'ui:widget': 'password' } },
              },
            },
          ],
        };
      },
    });
    expect(steps('$.inquiry.steps[0].form.uiSchema.customerNumber')[0]).toMatch(
      /put it in the flow's own \(last\) form/,
    );
  });
});
