import type { Money } from '../money';
import type { FeeKind } from './rule-types';

/** What a value path can read: the form, the inquiry answer and, after confirm, the receipt. */
export interface ValueContext {
  form?: Record<string, unknown>;
  inquiry?: Record<string, unknown>;
  params?: Record<string, unknown>;
  amount?: Money;
  total?: Money;
  fees?: { kind: FeeKind; amount: Money }[];
  exchangeRate?: string;
  equivalent?: Money;
  referenceNo?: string;
  status?: string;
  createdAt?: string;
  /** A receipt's one-time values (Receipt.secret), read as "secret.<key>". */
  secret?: Record<string, unknown>;
}

/** Reads "form.amount", "inquiry.customerName", "fees.admin", "total", ... Undefined when absent. */
export function readValue(ctx: ValueContext, path: string): unknown {
  const [head, ...rest] = path.split('.');
  if (head === 'fees') return ctx.fees?.find((f) => f.kind === rest[0])?.amount;
  let node: unknown =
    head === 'form'
      ? ctx.form
      : head === 'inquiry'
        ? ctx.inquiry
        : head === 'params'
          ? ctx.params
          : head === 'choice'
            ? // The entries of list choices, as the server resolved them (inquiry details "choice").
              (ctx.inquiry?.choice as Record<string, unknown> | undefined)
            : head === 'secret'
              ? ctx.secret
              : undefined;
  if (head && !['form', 'inquiry', 'params', 'choice', 'secret'].includes(head))
    return (ctx as Record<string, unknown>)[head];
  for (const part of rest) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
