import type { Queryable } from '../db/db';
import { LIMITS, type PersonaSpec } from './seed-data';
import { at, type SeedContext } from './seed-ledger';

/** A persona's secrets, hashed (argon2 is slow on purpose: hashed before the seed's transaction). */
export interface PersonaHashes {
  password: string;
  pin: string;
  atmPin: string | null;
}

export async function columnExists(tx: Queryable, table: string, column: string): Promise<boolean> {
  const r = await tx.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name = $2`,
    [table, column],
  );
  return r.rows.length > 0;
}

/** The customer with their phones, credentials and transaction limits; returns the customer's id. */
export async function insertCustomer(
  c: SeedContext,
  p: PersonaSpec,
  hashes: PersonaHashes,
  hasLoginChallenge: boolean,
): Promise<number> {
  const r = await c.tx.query<{ id: number }>(
    `INSERT INTO customers (cif, user_id, title, full_name, display_name, secure_word, email, date_of_birth, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      p.cif,
      p.userId,
      p.title,
      p.fullName,
      p.displayName,
      p.secureWord,
      p.email,
      p.dateOfBirth,
      at(c.now, 400, 3).toISOString(),
    ],
  );
  const id = r.rows[0]!.id;
  if (hasLoginChallenge && p.loginChallenge) {
    await c.tx.query('UPDATE customers SET login_challenge = $2 WHERE id = $1', [id, p.loginChallenge]);
  }
  for (const phone of p.phones) {
    await c.tx.query('INSERT INTO customer_phones (customer_id, phone) VALUES ($1, $2)', [id, phone]);
  }
  await c.tx.query('INSERT INTO credentials (customer_id, password_hash, app_pin_hash) VALUES ($1, $2, $3)', [
    id,
    hashes.password,
    hashes.pin,
  ]);
  for (const [category, limit] of Object.entries(LIMITS)) {
    await c.tx.query(
      `INSERT INTO transaction_limits (customer_id, category, min_amount, max_per_transaction, daily_limit)
       VALUES ($1, $2, $3, $4, $5)`,
      [id, category, limit.min, limit.maxPerTransaction, limit.daily],
    );
  }
  return id;
}

export async function setDefaults(c: SeedContext, customerId: number, source: number, receiving: number) {
  await c.tx.query(
    'UPDATE customers SET default_source_account_id = $2, default_receiving_account_id = $3 WHERE id = $1',
    [customerId, source, receiving],
  );
}

/** ATM cards (registration's migration 020 `atm_cards`) on each CASA persona's first savings account. */
export async function seedAtmCards(
  c: SeedContext,
  personas: PersonaSpec[],
  ids: Record<string, number>,
  hashes: PersonaHashes[],
) {
  if (!(await columnExists(c.tx, 'atm_cards', 'card_last4'))) return;
  for (const [i, p] of personas.entries()) {
    if (!p.atm) continue;
    await c.tx.query(
      `INSERT INTO atm_cards (account_id, card_last4, pin_hash)
       SELECT id, $2, $3 FROM accounts WHERE customer_id = $1 AND product = 'savings' AND currency = 'IDR'
       ORDER BY id LIMIT 1`,
      [ids[p.userId], p.atm.last4, hashes[i]!.atmPin],
    );
  }
}
