// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formBranches } from '@/shared/flows/branches';

const methodShape = JSON.parse(
  readFileSync(
    path.join(import.meta.dirname, '../../engine/new-shapes/schemas/forms/transfer/method-shape.json'),
    'utf8',
  ),
) as Record<string, unknown>;

describe('formBranches: a story per variant of a conditional form', () => {
  it('gives each option of an if/then/else field, dependencies and oneOf variants', () => {
    expect(formBranches(methodShape)).toEqual([
      { label: 'method=bifast', form: { method: 'bifast' } },
      { label: 'method=rtgs', form: { method: 'rtgs' } },
      { label: 'method=swift', form: { method: 'swift' } },
    ]);
    expect(
      formBranches({
        type: 'object',
        properties: { kind: { type: 'string' }, card: { type: 'string' } },
        allOf: [{ if: { properties: { kind: { const: 'card' } } }, then: { required: ['card'] } }],
        dependencies: {
          card: { properties: { cvv: { type: 'string' } } },
          kind: {
            oneOf: [{ properties: { kind: { const: 'card' } } }, { properties: { kind: { enum: ['va'] } } }],
          },
        },
      }),
    ).toEqual([
      { label: 'kind=card', form: { kind: 'card' } },
      { label: 'card (filled)', form: { card: 'x' } },
      { label: 'kind=va', form: { kind: 'va' } },
    ]);
    expect(formBranches({ type: 'object', properties: { a: { type: 'string' } } })).toEqual([]);
  });
});
