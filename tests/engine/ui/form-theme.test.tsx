import { render, screen } from '@testing-library/react';
import validator from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { EngineForm } from '@/engine/ui/form-theme';

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

  it("draws the theme's radios and checkboxes at once, with no code to load", () => {
    render(
      <EngineForm
        schema={{
          type: 'object',
          properties: {
            method: { type: 'string', title: 'Method', enum: ['bifast', 'rtgs'] },
            agree: { type: 'boolean', title: 'I agree' },
          },
        }}
        uiSchema={{ method: { 'ui:widget': 'radio' } }}
        validator={validator}
      />,
    );
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toBeTruthy();
  });
});
