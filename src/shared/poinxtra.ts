/** Poin Xtra's rates, the same on the calculator page and in the server's executors. */
export const POINTS_CURRENCY = 'PTS';
/** One point pays back Rp1 (100 minor units of IDR) on a card transaction. */
export const CASHBACK_MINOR_PER_POINT = 100;
