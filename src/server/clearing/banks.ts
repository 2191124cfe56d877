import { referenceData } from '../reference/store';

/**
 * The clearing house's participants: other Indonesian banks (by their BI bank code) and the interbank
 * methods each is a member of, read from the one bank list (lists/banks.json: `bifast`, `skn`, `rtgs`;
 * every listed bank takes online transfers unless `"online": false`). The bank itself (CIMB Niaga,
 * `own: true`) is not a participant of its own list: a transfer to it is a same-bank transfer.
 */
export type ClearingMethod = 'online' | 'bifast' | 'skn' | 'rtgs';
export const CLEARING_METHODS: readonly ClearingMethod[] = ['online', 'bifast', 'skn', 'rtgs'];

export interface Participant {
  code: string;
  name: string;
  methods: readonly ClearingMethod[];
}

/** The participants as the bank list says today (the list is read once per FLOWS_ROOT). */
export function participants(): readonly Participant[] {
  const entries = referenceData().lists.banks?.entries ?? [];
  return entries
    .filter((e) => e.own !== true)
    .map((e) => ({
      code: e.code,
      name: e.name.en,
      methods: CLEARING_METHODS.filter((m) => (m === 'online' ? e.online !== false : e[m] === true)),
    }));
}

export const participant = (code: string): Participant | undefined =>
  participants().find((p) => p.code === code);

/**
 * What each method allows, in IDR minor units, as the networks publish them: online (ATM switching)
 * up to Rp 25 million a transfer, BI-FAST up to Rp 250 million, SKN up to Rp 1 billion, RTGS from
 * above Rp 100 million with no maximum. Fees are the bank's published tariffs (BI caps BI-FAST at
 * Rp 2.500). Cut-offs (WIB) apply to SKN and RTGS only: after them the transfer goes the next
 * business day.
 */
export interface MethodRule {
  minAmount: number;
  maxAmount: number | null;
  fee: number;
  /** Daily cut-off, "HH:MM" Jakarta time; null: runs at any hour, every day. */
  cutOff: string | null;
  /** Whether the beneficiary's name is looked up (real time) or entered by the customer. */
  nameLookup: boolean;
}

const rp = (n: number) => n * 100;
export const METHOD_RULES: Record<ClearingMethod, MethodRule> = {
  online: {
    minAmount: rp(10_000),
    maxAmount: rp(25_000_000),
    fee: rp(6_500),
    cutOff: null,
    nameLookup: true,
  },
  bifast: {
    minAmount: rp(10_000),
    maxAmount: rp(250_000_000),
    fee: rp(2_500),
    cutOff: null,
    nameLookup: true,
  },
  skn: {
    minAmount: rp(10_000),
    maxAmount: rp(1_000_000_000),
    fee: rp(2_900),
    cutOff: '15:00',
    nameLookup: false,
  },
  rtgs: {
    minAmount: rp(100_000_000) + rp(1),
    maxAmount: null,
    fee: rp(30_000),
    cutOff: '15:30',
    nameLookup: false,
  },
};
