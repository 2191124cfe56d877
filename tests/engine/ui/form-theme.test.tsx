import { render, screen } from '@testing-library/react';
import validator from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { EngineForm, formWidgetsReady, lazyWidgetsOf } from '@/engine/ui/form-theme';

describe("the engine's form theme", () => {
  it('draws a slider ("range") once its code has loaded, its field inert at its place meanwhile', async () => {
    render(
      <EngineForm
        schema={{
          type: 'object',
          properties: { tenor: { type: 'integer', title: 'Tenor', minimum: 1, maximum: 12 } },
        }}
        uiSchema={{ tenor: { 'ui:widget': 'range' } }}
        formData={{ tenor: 6 }}
        validator={validator}
      />,
    );
    const waiting = screen.getByRole('textbox', { name: /Tenor/ });
    expect((waiting as HTMLInputElement).disabled).toBe(true);
    expect((waiting as HTMLInputElement).value).toBe('6');
    const slider = await screen.findByRole('slider');
    expect(slider.getAttribute('aria-valuenow')).toBe('6');
    expect(screen.queryByRole('textbox', { name: /Tenor/ })).toBeNull();
  });

  it("draws the theme's radios and checkboxes at once when they come with the form, as a flow's page loads them", async () => {
    const schema = {
      type: 'object' as const,
      properties: {
        method: { type: 'string' as const, title: 'Method', enum: ['bifast', 'rtgs'] },
        agree: { type: 'boolean' as const, title: 'I agree' },
      },
    };
    const uiSchema = { method: { 'ui:widget': 'radio' } };
    // what the flow page waits for beside the form's schema (flow-step-view.tsx useLoadedForm)
    expect(lazyWidgetsOf(schema, uiSchema).sort()).toEqual(['CheckboxWidget', 'RadioWidget']);
    await formWidgetsReady({}, { uiSchema }, schema);
    render(<EngineForm schema={schema} uiSchema={uiSchema} validator={validator} />);
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toBeTruthy();
  });

  it('names the widgets and fields a form draws that load on demand, none for a form of text fields and selects', () => {
    expect(
      lazyWidgetsOf(
        { type: 'object', properties: { n: { type: 'string' }, p: { type: 'string', enum: ['a'] } } },
        { n: { 'ui:widget': 'digits' }, p: { 'ui:widget': 'select' } },
      ),
    ).toEqual([]);
    expect(
      lazyWidgetsOf(
        { type: 'object', properties: { rows: { type: 'array', items: { type: 'object' } } } },
        { rows: { items: { photo: { 'ui:widget': 'photo' }, tenor: { 'ui:widget': 'range' } } } },
      ).sort(),
    ).toEqual(['ArrayField', 'RangeWidget', 'photo']);
    // a choice of schemas draws RJSF's AnyOfField; a `not` only validates, and a custom field is named
    expect(
      lazyWidgetsOf(
        {
          type: 'object',
          properties: {
            pin: { type: 'string', not: { anyOf: [{ pattern: '^0+$' }] } },
            payee: { oneOf: [{ type: 'string' }, { type: 'number' }] },
          },
        },
        { rows: { 'ui:field': 'LargeArrayField' } },
      ).sort(),
    ).toEqual(['AnyOfField', 'LargeArrayField']);
    // an allOf (a transfer's "when to transfer") needs RJSF's merge; what a choice holds is looked into
    expect(
      lazyWidgetsOf(
        {
          type: 'object',
          properties: {
            when: { type: 'object', allOf: [{ if: {}, then: {} }] },
            payee: { anyOf: [{ type: 'boolean' }] },
          },
        },
        {},
      ).sort(),
    ).toEqual(['AllOfMerge', 'AnyOfField', 'CheckboxWidget']);
    expect(
      lazyWidgetsOf({ type: 'object', properties: { pin: { type: 'string', not: { anyOf: [{}] } } } }, {}),
    ).toEqual([]);
  });
});
