import type { Db } from '../db/db';
import { hashSecret } from '../auth/password';
import { openClearingAccounts } from './seed-accounts';
import { columnExists, insertCustomer, seedAtmCards } from './seed-customers';
import { BANKING, DEMO_BANNERS, PERSONAS } from './seed-data';
import type { SeedContext } from './seed-ledger';
import { seedBanking } from './seed-personas';
import { seedInvestmentProducts } from './seed-wealth';

// The demo seed: what it writes is data (seed-data/*.json, read by seed-data.ts); each kind of product
// is written by its own seed-*.ts beside this file.
export { PERSONAS, type PersonaSpec } from './seed-data';
export { SEED_CLEARING } from './seed-ledger';

/**
 * Seeds the demo personas with their products and months of balanced history; returns true when it
 * seeded. Idempotent: does nothing if the personas exist. Demo mode only (production seeds nothing).
 */
export async function seedDemo(db: Db, opts: { now?: Date } = {}): Promise<boolean> {
  const now = opts.now ?? new Date();
  const exists = await db.query('SELECT 1 FROM customers WHERE user_id = $1', ['budisantoso']);
  if (exists.rows.length > 0) return false;

  // argon2 is slow on purpose: hash every secret once, in parallel, before the transaction.
  const hashes = await Promise.all(
    PERSONAS.map(async (p) => ({
      password: await hashSecret(p.password),
      pin: await hashSecret(p.appPin),
      atmPin: p.atm ? await hashSecret(p.atm.pin) : null,
    })),
  );

  return db.transaction(async (tx) => {
    // Two servers starting together: the second waits here and then finds the personas.
    await tx.query('SELECT pg_advisory_xact_lock(727275)');
    const again = await tx.query('SELECT 1 FROM customers WHERE user_id = $1', ['budisantoso']);
    if (again.rows.length > 0) return false;

    const c: SeedContext = {
      tx,
      now,
      seq: 0,
      clearing: new Map(),
      hasCardSystem: await columnExists(tx, 'credit_cards', 'card_number'),
      personas: new Map(),
    };
    await openClearingAccounts(c, ['IDR', 'USD', 'XAU']);
    await seedInvestmentProducts(c);

    const hasLoginChallenge = await columnExists(tx, 'customers', 'login_challenge');
    const ids: Record<string, number> = {};
    for (const [i, p] of PERSONAS.entries()) {
      ids[p.userId] = await insertCustomer(c, p, hashes[i]!, hasLoginChallenge);
    }
    for (const p of PERSONAS) {
      const banking = BANKING.get(p.userId);
      if (banking) await seedBanking(c, ids[p.userId]!, banking);
    }
    await seedAtmCards(c, PERSONAS, ids, hashes);

    // Balances are exactly the sum of their entries (the CHECK balance >= floor guards each one).
    await tx.query(
      `UPDATE accounts a SET balance = s.total
         FROM (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s
        WHERE s.account_id = a.id AND (a.customer_id = ANY($1::bigint[]) OR a.id = ANY($2::bigint[]))`,
      [Object.values(ids), [...c.clearing.values()]],
    );

    for (const b of DEMO_BANNERS) {
      await tx.query(
        `INSERT INTO maintenance_banners (key, page, title_eng, title_idn, message_eng, message_idn, flow_variants)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (key) DO NOTHING`,
        [b.key, b.page, b.titleEng, b.titleIdn, b.messageEng, b.messageIdn, b.flowVariants ?? null],
      );
    }
    return true;
  });
}
