/** The shapes of a flow's rules (its `rules` and fees), a leaf both the flow types and rules.ts read. */

export type FeeKind = 'admin' | 'clearing' | 'correspondence';

/** A fee fixed in minor units of the transaction's currency, or read from the look-up's answer. */
export type FeeSpec = { kind: FeeKind; amount: number; currency?: string } | { kind: FeeKind; from: string };

/** One rule of a flow: applies when every `when` value matches; later matching rules win. */
export interface FlowRule {
  /** Value path -> a value, or a list of values (any of them). No `when`: always. */
  when?: Record<string, unknown>;
  /** Replaces the flow's fees. */
  fees?: FeeSpec[];
  /** Minimum and maximum of the amount, in minor units of the transaction's currency. */
  min?: number;
  max?: number;
  limitCategory?: string;
  cutOff?: string;
}
