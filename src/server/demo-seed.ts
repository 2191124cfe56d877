import type { Db } from './db/db';
import { seedDemo } from './core-bank/seed';
import { seedRegistrationHolders } from './registration/seed';
import { seedMyAccount } from './myaccount/seed';
import { seedInvest } from './invest/seed';
import { seedMailbox } from './mailbox/seed';
import { seedTransfers } from './transfers/seed';
import { seedMerchants } from './mybusiness/seed';
import { seedPoinXtra } from './poinxtra/seed';
import { seedGoals } from './goals/seed';
import { seedLeisure } from './travel/seed';
import { seedPromos } from './promo/seed';

/** Demo mode's data: the personas of the README and the holders not yet registered. Idempotent. */
export async function seedDemoData(db: Db): Promise<{ personas: boolean; registrationHolders: number }> {
  const personas = await seedDemo(db);
  const registrationHolders = await seedRegistrationHolders(db);
  await seedMyAccount(db);
  await seedInvest(db);
  await seedMailbox(db);
  await seedTransfers(db);
  await seedMerchants(db);
  await seedPoinXtra(db);
  await seedGoals(db);
  await seedLeisure(db);
  await seedPromos(db);
  return { personas, registrationHolders };
}
