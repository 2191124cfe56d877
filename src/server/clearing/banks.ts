/**
 * The clearing house's participants: other Indonesian banks (by their BI bank code) and the interbank
 * methods each is a member of. The bank itself (CIMB Niaga, 022) is not a participant of its own
 * list: a transfer to it is a same-bank transfer.
 */
export type ClearingMethod = 'online' | 'bifast' | 'skn' | 'rtgs';
export const CLEARING_METHODS: readonly ClearingMethod[] = ['online', 'bifast', 'skn', 'rtgs'];

export interface Participant {
  code: string;
  name: string;
  methods: readonly ClearingMethod[];
}

const ALL = CLEARING_METHODS;
/** Digital banks: real-time networks only, no SKN/RTGS settlement account of their own. */
const REALTIME = ['online', 'bifast'] as const;

export const PARTICIPANTS: readonly Participant[] = [
  { code: '014', name: 'Bank Central Asia (BCA)', methods: ALL },
  { code: '008', name: 'Bank Mandiri', methods: ALL },
  { code: '009', name: 'Bank Negara Indonesia (BNI)', methods: ALL },
  { code: '002', name: 'Bank Rakyat Indonesia (BRI)', methods: ALL },
  { code: '200', name: 'Bank Tabungan Negara (BTN)', methods: ALL },
  { code: '451', name: 'Bank Syariah Indonesia (BSI)', methods: ALL },
  { code: '011', name: 'Bank Danamon', methods: ALL },
  { code: '013', name: 'Bank Permata', methods: ALL },
  { code: '028', name: 'Bank OCBC NISP', methods: ALL },
  { code: '213', name: 'Bank SMBC Indonesia', methods: ALL },
  { code: '147', name: 'Bank Muamalat', methods: ALL },
  // Not (yet) a BI-FAST participant: online, SKN and RTGS only.
  { code: '153', name: 'Bank Sinarmas', methods: ['online', 'skn', 'rtgs'] },
  { code: '542', name: 'Bank Jago', methods: REALTIME },
  { code: '535', name: 'SeaBank Indonesia', methods: REALTIME },
  { code: '501', name: 'Bank Digital BCA (blu)', methods: REALTIME },
  { code: '567', name: 'Allo Bank', methods: REALTIME },
];

export const participant = (code: string): Participant | undefined =>
  PARTICIPANTS.find((p) => p.code === code);

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
