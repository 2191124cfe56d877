import type { Money } from './money';

/** A text in both languages, as the bank's programmes are written. */
export interface PromoText {
  en: string;
  id: string;
}

export type PromoReward = 'cashback' | 'feeWaiver' | 'points';

/**
 * A promo code taken by a transaction (a flow with `promo`): what it gives, shown on verify and the
 * receipt after the fees. A waived fee is already out of the total; a cashback is credited back to the
 * source of fund with the transaction; points go to Poin Xtra when it is booked.
 */
export interface PromoApplied {
  code: string;
  name: PromoText;
  reward: PromoReward;
  /** The cashback or the fee waived. */
  value?: Money;
  /** Poin Xtra for this transaction (and for the programme's last task, its completion points). */
  points?: number;
}

/** One programme as /api/mailbox/v1/promocode/list and /history show it (spec section 3 "Promo"). */
export interface PromoSummary {
  code: string;
  name: PromoText;
  description: PromoText;
  reward: PromoReward;
  /** What one transaction gives, written out in both languages ("Cashback 10% up to Rp25.000"). */
  rewardText: PromoText;
  startsAt: string;
  endsAt: string;
  /** Calendar days (WIB) to the last day of the programme: 0 on the last day. */
  daysLeft: number;
  /** The programme's period is over. */
  ended: boolean;
  /** The transactions that earn it: each flow's title. */
  transactions: PromoText[];
  minAmount: Money;
  /** Transactions a customer may make with it; pending = those not made yet. */
  tasks: number;
  pendingTasks: number;
  /** Poin Xtra earned with it so far, and the bonus for completing every task. */
  points: number;
  completionPoints: number;
  applied: boolean;
  /** Nothing left of the programme's quota. */
  quotaExhausted: boolean;
}

/** One transaction made with a code (spec: ref number, date, source, type, destination, amount, admin fee). */
export interface PromoTransaction {
  referenceNo: string;
  date: string;
  source: string;
  type: PromoText;
  destination: PromoText;
  amount: Money;
  adminFee: Money;
  reward: PromoReward;
  rewardValue?: Money;
  points: number;
  status: 'success' | 'pending' | 'failed';
}

export interface PromoDetail extends PromoSummary {
  /** The flows' first pages, where the code can be used (the page of the first one is offered). */
  usePaths: string[];
  history: PromoTransaction[];
}

/** Codes are written in capitals; a customer may type them in any case, with spaces around. */
export const normalisePromoCode = (code: unknown): string =>
  typeof code === 'string' ? code.trim().toUpperCase() : '';

/** 3 to 15 letters and digits (the registration's promo code is at most 15 too). */
export const PROMO_CODE_PATTERN = '^[A-Za-z0-9]{3,15}$';
