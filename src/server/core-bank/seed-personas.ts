import { openAccounts } from './seed-accounts';
import { seedCardPurchases, seedCards } from './seed-cards';
import { setDefaults } from './seed-customers';
import { HISTORIES, type PersonaBanking } from './seed-data';
import { seedTimeDeposit } from './seed-deposits';
import { seedHistory } from './seed-history';
import { accountOf, at, postSpec, type SeedContext } from './seed-ledger';
import { seedLoan } from './seed-loans';
import { seedWealth } from './seed-wealth';

/** Writes a persona's banking: accounts, cards, default accounts, what happened in order, and holdings. */
export async function seedBanking(c: SeedContext, customerId: number, b: PersonaBanking) {
  const p = await openAccounts(c, customerId, b.accounts);
  c.personas.set(b.userId, p);
  await seedCards(c, p, b.accounts, b.cards ?? []);
  if (b.defaults)
    await setDefaults(
      c,
      customerId,
      accountOf(p, b.defaults.source).id,
      accountOf(p, b.defaults.receiving).id,
    );
  for (const e of b.events) {
    switch (e.kind) {
      case 'posting':
        await postSpec(c, p, at(c.now, e.daysAgo, e.hour), e);
        break;
      case 'card-purchases':
        await seedCardPurchases(c, p, e);
        break;
      case 'time-deposit':
        await seedTimeDeposit(c, p, e);
        break;
      case 'loan':
        await seedLoan(c, p, e);
        break;
      case 'history': {
        const template = HISTORIES[e.template];
        if (!template) throw new Error(`seed data: no history template "${e.template}"`);
        await seedHistory(c, p, template);
        break;
      }
    }
  }
  await seedWealth(c, customerId, b);
}
