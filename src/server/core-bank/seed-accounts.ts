import type { AccountSpec } from './seed-data';
import { at, insertAccount, SEED_CLEARING, type SeedContext, type SeedPersona } from './seed-ledger';

/** The seed's clearing accounts, one per currency, made once (another seed may have made them). */
export async function openClearingAccounts(c: SeedContext, currencies: string[]) {
  for (const currency of currencies) {
    const existing = await c.tx.query<{ id: number }>('SELECT id FROM accounts WHERE account_no = $1', [
      SEED_CLEARING(currency),
    ]);
    const id =
      existing.rows[0]?.id ??
      (await insertAccount(c, {
        accountNo: SEED_CLEARING(currency),
        customerId: null,
        product: 'internal',
        name: `Seed clearing ${currency}`,
        currency,
        floor: -1_000_000_000_000_000,
        createdAt: at(c.now, 400, 0),
      }));
    c.clearing.set(currency, id);
  }
}

/** Opens a persona's accounts, in their order, with a balance of 0 (the postings make it). */
export async function openAccounts(
  c: SeedContext,
  customerId: number,
  accounts: AccountSpec[],
): Promise<SeedPersona> {
  const persona: SeedPersona = { customerId, accounts: new Map() };
  for (const a of accounts) {
    const openedAt = at(c.now, a.opened.daysAgo, a.opened.hour);
    const mainAccountId = a.mainCard
      ? c.personas.get(a.mainCard.userId)?.accounts.get(a.mainCard.account)?.id
      : undefined;
    if (a.mainCard && mainAccountId === undefined)
      throw new Error(`seed data: ${a.accountNo}'s main card is not seeded before it`);
    const id = await insertAccount(c, {
      accountNo: a.accountNo,
      customerId,
      product: a.product,
      name: a.name,
      currency: a.currency,
      floor: a.floor,
      details: mainAccountId === undefined ? a.details : { ...a.details, mainAccountId },
      createdAt: openedAt,
    });
    persona.accounts.set(a.key, { id, currency: a.currency, openedAt, mainAccountId });
  }
  return persona;
}
