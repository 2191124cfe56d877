// @vitest-environment node
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFlowsFromDisk, projectFolders } from '@/shared/flows/load-node';
import { stepsOf } from '@/shared/flows';

const project = projectFolders();
const tmp = mkdtempSync(path.join(tmpdir(), 'flows-check-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the project's flows, schemas and locales where one flow file is replaced. */
function copyWith(name: string, mutate: (flow: Record<string, unknown>) => void) {
  const root = mkdtempSync(path.join(tmp, 'p-'));
  // The v2 data too: a project flow may name a provider or a list.
  for (const d of ['flows', 'schemas', 'locales', 'providers', 'lists', 'rules'])
    if (existsSync(path.join(project.root!, d)))
      cpSync(path.join(project.root!, d), path.join(root, d), { recursive: true });
  const file = path.join(root, 'flows', name);
  const flow = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  mutate(flow);
  writeFileSync(file, JSON.stringify(flow, null, 2));
  return loadFlowsFromDisk(projectFolders(root));
}

describe('flows:check', () => {
  it('accepts the project flows', () => {
    const { flows, problems } = loadFlowsFromDisk();
    expect(problems).toEqual([]);
    // Every flow file of the project is loaded (none dropped), the four first ones among them.
    const onDisk = readdirSync(path.join(project.root!, 'flows'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json'))
      .map(
        (f) => (JSON.parse(readFileSync(path.join(project.root!, 'flows', f), 'utf8')) as { id: string }).id,
      );
    expect(flows.map((f) => f.flow.id).sort()).toEqual(onDisk.sort());
    expect(onDisk).toEqual(
      expect.arrayContaining(['payment.bpjs', 'purchase.mobile', 'transfer.own', 'transfer.samebank']),
    );
    expect(flows.find((f) => f.flow.id === 'payment.bpjs')?.schemas['forms/payment/bpjs.json']).toBeTruthy();
  });

  it('reports every problem of a broken file with its JSON path, not just the first', () => {
    const { problems, flows } = copyWith('payment/bpjs.json', (f) => {
      f.titleKey = 'flows:payment.bpjs.nope';
      f.colour = 'red';
      (f.form as { schema: string }).schema = 'forms/payment/missing.json';
      (f.inquiry as { lookup: string }).lookup = 'biller.unknown';
      (f.posting as { execute: string }).execute = 'ledger.teleport';
      (f.verify as { methods: string[] }).methods = ['otp', 'pigeon'];
      delete f.receipt;
    });
    const at = (p: string) => problems.filter((x) => x.path === p).map((x) => x.message);
    expect(problems.every((p) => p.file === 'flows/payment/bpjs.json')).toBe(true);
    expect(at('$.titleKey')[0]).toMatch(/missing in Indonesian and English/);
    expect(at('$.colour')[0]).toMatch(/not a known property/);
    expect(at('$.form.schema')[0]).toMatch(/does not exist/);
    expect(at('$.inquiry.lookup')[0]).toMatch(/"biller.unknown" is not a known lookup/);
    expect(at('$.posting.execute')[0]).toMatch(/not a known executor/);
    expect(at('$.verify.methods[1]')[0]).toMatch(/must be one of "otp", "approval"/);
    expect(at('$.receipt')[0]).toMatch(/required/);
    expect(flows.map((f) => f.flow.id)).not.toContain('payment.bpjs');
  });

  it('reports a locale key missing in one language only, and unknown widgets and fields', () => {
    const { problems } = copyWith('purchase/mobile.json', (f) => {
      const ui = (f.form as { uiSchema: Record<string, Record<string, unknown>> }).uiSchema;
      ui.operator!['ui:widget'] = 'carousel';
      ui.nickname = { 'ui:title': 'flows:common.amount' };
      (f.verify as { summary: unknown[] }).summary.push({
        labelKey: 'flows:common.amount',
        value: 'form.pin',
      });
    });
    const msgs = problems.map((p) => `${p.path} ${p.message}`);
    expect(msgs).toContainEqual(
      expect.stringMatching(/^\$\.form\.uiSchema\.operator\["ui:widget"\] "carousel" is not a known widget/),
    );
    expect(msgs).toContainEqual(expect.stringMatching(/^\$\.form\.uiSchema\.nickname .*does not have/));
    expect(msgs).toContainEqual(expect.stringMatching(/^\$\.verify\.summary\[4\]\.value .*"pin"/));
  });

  it('reports a choice rule that names a missing field or lacks the detail it compares', () => {
    const { problems } = copyWith('purchase/mobile.json', (f) => {
      const choices = f.choices as Record<string, Record<string, unknown>>;
      choices.operator = { source: 'mobile.operators', inferFrom: 'msisdn' };
      choices.denomination = { source: 'mobile.denominations', dependsOn: 'operator' };
      choices.sourceOfFund = { ...choices.sourceOfFund, inferFrom: 'sourceOfFund', prefixKey: 'x' };
    });
    const msgs = problems.map((p) => `${p.path} ${p.message}`);
    expect(msgs).toEqual(
      expect.arrayContaining([
        '$.choices.operator.inferFrom "msisdn" is not a field of the form schema.',
        expect.stringMatching(/^\$\.choices\.operator "inferFrom" needs a "prefixKey"/),
        expect.stringMatching(/^\$\.choices\.denomination "dependsOn" needs a "filterKey"/),
        '$.choices.sourceOfFund.inferFrom A choice cannot be inferred from itself.',
      ]),
    );
  });

  it('reports a duplicate id and a duplicate route', () => {
    const { problems } = copyWith('transfer/same-bank.json', (f) => {
      f.id = 'transfer.own';
      f.variant = 'own-account';
    });
    expect(problems.map((p) => p.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/id "transfer.own" is already used by flows\/transfer\/own-account.json/),
        expect.stringMatching(/route "\/transfer\/" with variant "own-account" is already used/),
      ]),
    );
  });

  it('checks names inside a JSON machine config and lists its steps', () => {
    const machine = {
      initial: 'inquiry',
      states: {
        inquiry: {
          meta: { view: 'inquiry', path: 'inquiry/' },
          on: { SUBMIT: { target: 'terms', actions: 'storeForm' } },
        },
        terms: {
          meta: { view: 'notice', path: 'inquiry/terms/', bodyKey: 'flows:common.amount' },
          on: { NEXT: 'verifyy' },
        },
        verify: { meta: { view: 'verify', path: 'verify/' }, invoke: { src: 'fax', onDone: 'receipt' } },
        receipt: {
          meta: { view: 'receipt', path: 'receipt/' },
          entry: ['resetTransaction', 'shout'],
          type: 'final',
        },
      },
    };
    const { problems } = copyWith('payment/bpjs.json', (f) => {
      f.machine = machine;
    });
    const msgs = problems.map((p) => `${p.path} ${p.message}`);
    expect(msgs).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\$\.machine\.states\.terms\.on\.NEXT The target "verifyy"/),
        expect.stringMatching(/^\$\.machine\.states\.verify\.invoke\.src "fax" is not a known actor/),
        expect.stringMatching(/^\$\.machine\.states\.receipt\.entry\[1\] "shout" is not a known action/),
      ]),
    );
    expect(problems).toHaveLength(3);
    expect(stepsOf({ machine } as never).map((s) => s.path)).toEqual([
      'inquiry/',
      'inquiry/terms/',
      'verify/',
      'receipt/',
    ]);
  });

  it('reports invalid JSON', () => {
    const root = mkdtempSync(path.join(tmp, 'j-'));
    for (const d of ['flows', 'schemas', 'locales', 'providers', 'lists', 'rules'])
      if (existsSync(path.join(project.root!, d)))
        cpSync(path.join(project.root!, d), path.join(root, d), { recursive: true });
    writeFileSync(path.join(root, 'flows/payment/bpjs.json'), '{ "id": ');
    const { problems } = loadFlowsFromDisk(projectFolders(root));
    expect(problems).toEqual([
      { file: 'flows/payment/bpjs.json', path: '$', message: expect.stringMatching(/not valid JSON/) },
    ]);
  });
});

describe('flows:check, strict uiSchema', () => {
  it('reports a ui: key typo, option names that do not match the enum, and a message for a rule the field lacks', () => {
    const { problems } = copyWith('transfer/same-bank.json', (f) => {
      const ui = (f.form as { uiSchema: Record<string, Record<string, unknown>> }).uiSchema;
      ui.message!['ui:placeholdr'] = 'flows:common.messagePlaceholder';
      (ui.purpose!['ui:enumNames'] as string[]).pop();
      (ui.beneficiaryAccountNo!['ui:errors'] as Record<string, string>).minimum =
        'flows:transfer.sameBank.errors.accountDigits';
    });
    const at = (p: string) => problems.filter((x) => x.path === p).map((x) => x.message);
    expect(at('$.form.uiSchema.message["ui:placeholdr"]')[0]).toMatch(/not a uiSchema key/);
    expect(at('$.form.uiSchema.purpose["ui:enumNames"]')[0]).toMatch(/4 option name\(s\) for 5 option\(s\)/);
    expect(at('$.form.uiSchema.beneficiaryAccountNo["ui:errors"].minimum')[0]).toMatch(
      /rule "minimum", but "beneficiaryAccountNo" has no such rule.*required, pattern/,
    );
  });
});
