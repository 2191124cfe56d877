// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { applyChoiceRules, inferredOption, type ChoiceState } from '@/engine/ui/choice-rules';
import type { ChoiceOption, ChoiceSpec } from '@/shared/flows';

const operator = (value: string, prefixes: string[]): ChoiceOption => ({
  value,
  labelEng: value,
  labelIdn: value,
  detail: { prefixes },
});
const denomination = (value: string, op: string): ChoiceOption => ({
  value,
  labelEng: value,
  labelIdn: value,
  detail: { operator: op },
});
const account = (value: string): ChoiceOption => ({ value, labelEng: value, labelIdn: value });

const specs: Record<string, ChoiceSpec> = {
  operator: { source: 'mobile.operators', inferFrom: 'phoneNumber', prefixKey: 'prefixes' },
  denomination: { source: 'mobile.denominations', dependsOn: 'operator', filterKey: 'operator' },
};
const choices = {
  operator: [operator('TSEL', ['0811', '0812']), operator('ISAT', ['0857']), operator('XL', ['0817'])],
  denomination: [denomination('TSEL-10', 'TSEL'), denomination('ISAT-10', 'ISAT')],
};
const start: ChoiceState = { form: {}, inferred: {} };
/** Types the number one change at a time, as the form reports it. */
function typeNumber(state: ChoiceState, number: string): ChoiceState {
  let s = state;
  for (let i = 1; i <= number.length; i++)
    s = applyChoiceRules(s, { ...s.form, phoneNumber: number.slice(0, i) }, specs, choices);
  return s;
}

describe('inferredOption', () => {
  it('picks the option holding the longest prefix, and none on a tie or no match', () => {
    const opts = [operator('A', ['08']), operator('B', ['0812']), operator('C', ['0812', '0899'])];
    expect(inferredOption(opts, '0813000', 'prefixes')?.value).toBe('A');
    expect(inferredOption(opts, '0899000', 'prefixes')?.value).toBe('C');
    expect(inferredOption(opts, '0812000', 'prefixes')).toBeUndefined();
    expect(inferredOption(opts, '0712000', 'prefixes')).toBeUndefined();
    expect(inferredOption(opts, undefined, 'prefixes')).toBeUndefined();
    expect(inferredOption([account('x')], '0812', 'prefixes')).toBeUndefined();
  });
});

describe('applyChoiceRules', () => {
  it('chooses the operator once the number shows it, and says it was inferred', () => {
    const s = typeNumber(start, '081');
    expect(s.form.operator).toBeUndefined();
    const t = typeNumber(start, '08123456789');
    expect(t.form).toEqual({ phoneNumber: '08123456789', operator: 'TSEL' });
    expect(t.inferred).toEqual({ operator: 'TSEL' });
  });

  it("follows a changed number and clears the other operator's denomination", () => {
    let s = typeNumber(start, '0812345678');
    s = applyChoiceRules(s, { ...s.form, denomination: 'TSEL-10' }, specs, choices);
    expect(s.form.denomination).toBe('TSEL-10');
    s = applyChoiceRules(s, { ...s.form, phoneNumber: '0857345678' }, specs, choices);
    expect(s.form).toEqual({ phoneNumber: '0857345678', operator: 'ISAT' });
  });

  it("drops an inferred operator when the number stops matching, but keeps the customer's own choice", () => {
    let s = typeNumber(start, '0812');
    s = applyChoiceRules(s, { ...s.form, phoneNumber: '081' }, specs, choices);
    expect(s.form).toEqual({ phoneNumber: '081' });
    s = applyChoiceRules(s, { ...s.form, operator: 'XL' }, specs, choices);
    expect(s.inferred).toEqual({});
    s = applyChoiceRules(s, { ...s.form, phoneNumber: '0810' }, specs, choices);
    expect(s.form.operator).toBe('XL');
    // The customer overrides an inferred choice: it is no longer marked as inferred.
    s = typeNumber(start, '0857');
    s = applyChoiceRules(s, { ...s.form, operator: 'XL' }, specs, choices);
    expect(s).toEqual({ form: { phoneNumber: '0857', operator: 'XL' }, inferred: {} });
  });

  it('when the choices arrive, fills an empty inferable choice and clears values no longer offered', () => {
    const restored = { phoneNumber: '0857111222', denomination: 'TSEL-10' };
    const s = applyChoiceRules({ form: restored, inferred: {} }, restored, specs, choices, true);
    expect(s.form).toEqual({ phoneNumber: '0857111222', operator: 'ISAT' });
    // Nothing is touched while a field's options are not loaded.
    const none = applyChoiceRules({ form: restored, inferred: {} }, restored, specs, {}, true);
    expect(none.form).toEqual(restored);
  });

  it('clears a credit account that became the debit account (excludeField)', () => {
    const transfer: Record<string, ChoiceSpec> = {
      sourceOfFund: { source: 'accounts' },
      beneficiary: { source: 'accounts', excludeField: 'sourceOfFund' },
    };
    const accounts = {
      sourceOfFund: [account('1'), account('2')],
      beneficiary: [account('1'), account('2')],
    };
    const before = { form: { sourceOfFund: '1', beneficiary: '2' }, inferred: {} };
    const s = applyChoiceRules(before, { sourceOfFund: '2', beneficiary: '2' }, transfer, accounts);
    expect(s.form).toEqual({ sourceOfFund: '2' });
  });
});

describe('the source of fund starts on the main source account', () => {
  const sources = {
    sourceOfFund: [
      account('7'),
      { ...account('9'), detail: { isDefaultSource: true } },
      account('11'),
    ] as ChoiceOption[],
  };
  const sourceSpecs: Record<string, ChoiceSpec> = { sourceOfFund: { source: 'accounts' } };

  it('picks the "Sumber dana utama" when the choices arrive and the field is empty', () => {
    const s = applyChoiceRules(start, {}, sourceSpecs, sources, true, 'sourceOfFund');
    expect(s.form.sourceOfFund).toBe('9');
  });

  it('keeps a source already chosen (a favourite, a restored form) and never picks on a later change', () => {
    expect(
      applyChoiceRules(start, { sourceOfFund: '11' }, sourceSpecs, sources, true, 'sourceOfFund').form
        .sourceOfFund,
    ).toBe('11');
    expect(
      applyChoiceRules(start, {}, sourceSpecs, sources, false, 'sourceOfFund').form.sourceOfFund,
    ).toBeUndefined();
  });
});

describe('a choice that fills fields (an edit form starting from what it edits)', () => {
  const goal = (value: string, name: string, monthly: number): ChoiceOption => ({
    value,
    labelEng: name,
    labelIdn: name,
    detail: { form: { name, monthlyAmount: monthly } },
  });
  const fillSpecs: Record<string, ChoiceSpec> = {
    goal: { source: 'goals.active', fills: ['name', 'monthlyAmount'] },
  };
  const goals = { goal: [goal('1', 'Holiday', 2_500_000_00), goal('2', 'Laptop', 1_000_000_00)] };

  it('fills them when the choices arrive with it chosen (a link), keeps the customer’s changes, refills on another choice', () => {
    let s = applyChoiceRules(start, { goal: '1' }, fillSpecs, goals, true);
    expect(s.form).toEqual({ goal: '1', name: 'Holiday', monthlyAmount: 2_500_000_00 });
    s = applyChoiceRules(s, { ...s.form, monthlyAmount: 3_000_000_00 }, fillSpecs, goals);
    expect(s.form.monthlyAmount).toBe(3_000_000_00);
    s = applyChoiceRules(s, { ...s.form, goal: '2' }, fillSpecs, goals);
    expect(s.form).toEqual({ goal: '2', name: 'Laptop', monthlyAmount: 1_000_000_00 });
  });

  it('leaves a form restored with its own values as it was', () => {
    const s = applyChoiceRules(start, { goal: '1', name: 'My holiday' }, fillSpecs, goals, true);
    expect(s.form).toEqual({ goal: '1', name: 'My holiday', monthlyAmount: 2_500_000_00 });
  });
});
