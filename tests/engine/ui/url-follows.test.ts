// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { leftBehind, urlFollows, type UrlFollowInput } from '@/engine/ui/url-follows';

const form = { path: 'inquiry/', view: 'inquiry' };
const verify = { path: 'verify/', view: 'verify' };
const receipt = { path: 'receipt/', view: 'receipt' };
const at = (stepPath: string, machine: UrlFollowInput['machine'], arrival: boolean): UrlFollowInput => ({
  stepPath,
  first: stepPath === 'inquiry/',
  machine,
  otherProduct: false,
  arrival,
});

describe('a flow page follows its machine', () => {
  it('stays where the URL and the machine agree', () => {
    expect(urlFollows(at('inquiry/', form, true))).toBe('stay');
    expect(urlFollows(at('receipt/', receipt, false))).toBe('stay');
  });

  it('starts another transaction when the customer comes back to the form after a receipt', () => {
    expect(urlFollows(at('inquiry/', receipt, true))).toBe('new');
    // A flow whose first page is not inquiry/ (gold's buy/).
    expect(urlFollows({ ...at('buy/', receipt, true), first: true })).toBe('new');
  });

  it('shows the receipt reached while the URL still named the form (a slow phone), never a new form', () => {
    expect(urlFollows(at('inquiry/', receipt, false))).toBe('go');
  });

  it('moves the URL to the step the machine is at', () => {
    expect(urlFollows(at('inquiry/', verify, false))).toBe('go');
    expect(urlFollows(at('inquiry/', verify, true))).toBe('go');
    expect(urlFollows(at('verify/', receipt, true))).toBe('go');
    expect(urlFollows(at('receipt/', form, false))).toBe('go');
  });

  it('moves past the form to the URL of the transaction’s own product', () => {
    expect(urlFollows({ ...at('verify/', verify, false), otherProduct: true })).toBe('go');
  });
});

describe('a page the router has left', () => {
  it('is the one whose location is no longer the browser history’s', () => {
    expect(leftBehind('a1', { usr: null, key: 'b2', idx: 3 })).toBe(true);
    expect(leftBehind('b2', { usr: null, key: 'b2', idx: 3 })).toBe(false);
  });

  it('is not known without a key in history (a memory router, a first load)', () => {
    expect(leftBehind('default', null)).toBe(false);
    expect(leftBehind('x9', { other: 1 })).toBe(false);
  });
});
