/**
 * What several transactions verified together (a cart, a mass transfer's batch) take from one account
 * in one currency, against what it has above its floor (minor units): one shape for the server and
 * the pages that show it.
 */
export interface AccountTotal {
  accountId: number;
  accountNo: string;
  currency: string;
  amount: number;
  available: number;
  enough: boolean;
}
