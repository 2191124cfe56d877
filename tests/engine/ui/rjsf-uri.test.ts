// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fastUri from 'fast-uri';
import { equal, resolve } from '@/engine/ui/rjsf-uri';

// The cases RJSF meets: a form's `$id` (absolute or a path like ours, "forms/transfer/x.json", or
// "#" when it has none) with a `$ref` to a definition, a sibling or a shared fragment. (An absolute
// base's default port is dropped here and kept by fast-uri; RJSF compares the result with `equal`.)
const BASES = [
  '#',
  'forms/transfer/own.json',
  'forms/a/b/c.json',
  '/forms/transfer/own.json',
  'https://bank.example/forms/transfer/own.json',
  'https://bank.example/forms/',
  'HTTPS://Bank.Example/forms/x.json',
  'urn:bank:forms',
  '',
  'own.json',
  '../x/own.json',
];
const REFS = [
  '#/definitions/name',
  '#/$defs/money',
  'money.json',
  'money.json#/definitions/amount',
  './money.json',
  '../shared/when.json',
  '../../shared/when.json#/properties/date',
  '/schemas/shared/when.json',
  'https://other.example/s.json',
  'https://other.example/a/../s.json#x',
  '../../../../a.json',
  './a/./b/../c.json',
  '?q=1',
  '#',
];

describe('RJSF URI helpers on the browser URL parser', () => {
  it('resolve a reference against every kind of base as fast-uri does', () => {
    for (const base of BASES)
      for (const ref of REFS) {
        if (base.startsWith('urn:') && !ref.startsWith('https:')) continue; // no hierarchy to resolve in
        expect(resolve(base, ref), `${base} + ${ref}`).toBe(fastUri.resolve(base, ref));
      }
  });

  it('tell the same resource as fast-uri does', () => {
    const pairs: [string, string][] = [
      ['https://bank.example/forms/x.json', 'https://bank.example/forms/x.json'],
      ['HTTPS://Bank.Example/forms/x.json', 'https://bank.example/forms/x.json'],
      ['https://bank.example:443/forms/x.json', 'https://bank.example/forms/x.json'],
      ['https://bank.example/forms/./x.json', 'https://bank.example/forms/x.json'],
      ['https://bank.example/forms/x.json', 'https://bank.example/forms/y.json'],
      ['https://bank.example/forms/x.json', 'https://bank.example/forms/x.json#'],
      ['forms/transfer/own.json', 'forms/transfer/own.json'],
      ['forms/transfer/own.json', 'forms/transfer/other.json'],
    ];
    for (const [a, b] of pairs) expect(equal(a, b), `${a} = ${b}`).toBe(fastUri.equal(a, b));
  });
});
