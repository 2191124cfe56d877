import { maskCardNumber } from './portfolio';
import type { AccountSpec, CardSpec } from './seed-data';
import { accountOf, at, postSpec, type SeedContext, type SeedPersona } from './seed-ledger';

/** The persona's credit cards, on accounts already opened (a card's number is its account's). */
export async function seedCards(c: SeedContext, p: SeedPersona, accounts: AccountSpec[], cards: CardSpec[]) {
  for (const card of cards) {
    const account = accountOf(p, card.account);
    const cardNo = accounts.find((a) => a.key === card.account)!.accountNo;
    await c.tx.query(
      `INSERT INTO card_accounts (account_id, card_no, masked_number, card_name, embossed_name, credit_limit, main_account_id, expiry_month, statement_day)
       VALUES ($1, $2, $3, $4, $5, $6, $7, '09/29', 17)`,
      [
        account.id,
        cardNo,
        maskCardNumber(cardNo),
        card.cardName,
        card.embossedName,
        card.limit,
        account.mainAccountId ?? null,
      ],
    );
    // The card system's view (registration's migration 020 `credit_cards`): the demo cards are active.
    if (c.hasCardSystem) {
      await c.tx.query(
        `INSERT INTO credit_cards (card_number, customer_id, account_id, status, activated_at)
         SELECT $1, customer_id, id, 'active', created_at FROM accounts WHERE id = $2
         ON CONFLICT (card_number) DO NOTHING`,
        [cardNo, account.id],
      );
    }
  }
}

/** A purchase with the card at a merchant. */
export function postCardPurchase(
  c: SeedContext,
  p: SeedPersona,
  when: Date,
  card: string,
  flowId: string,
  purchase: { merchant: string; amount: number },
): Promise<number> {
  return postSpec(c, p, when, {
    flowId,
    description: purchase.merchant,
    amount: purchase.amount,
    from: card,
    details: { merchant: purchase.merchant },
  });
}

/** Purchases on given days, at the same hour. */
export async function seedCardPurchases(
  c: SeedContext,
  p: SeedPersona,
  e: {
    account: string;
    hour: number;
    flowId: string;
    purchases: Array<{ merchant: string; amount: number; daysAgo: number }>;
  },
) {
  for (const purchase of e.purchases)
    await postCardPurchase(c, p, at(c.now, purchase.daysAgo, e.hour), e.account, e.flowId, purchase);
}
