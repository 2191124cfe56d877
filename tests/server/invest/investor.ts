import type { Queryable } from '../../../src/server/db/db';
import { QUESTIONNAIRE_VERSION } from '../../../src/shared/invest/risk-questionnaire';
import { customerWithSession, insertAccount, type Customer } from '../../kit';

/** A customer who may invest: a rupiah account, an investor id and a valid risk profile. */
export async function investor(
  db: Queryable,
  opts: { profile?: number; investorId?: boolean; balance?: number; birth?: string } = {},
): Promise<{ c: Customer; account: { id: number; accountNo: string } }> {
  const c = await customerWithSession(db);
  const account = await insertAccount(db, c.customerId, { balance: opts.balance ?? 100_000_000_00 });
  if (opts.investorId !== false)
    await db.query(
      `INSERT INTO investor_accounts (customer_id, sid, securities_account_no) VALUES ($1, $2, $3)`,
      [c.customerId, `IDD${c.customerId}`, `SEC-${c.customerId}`],
    );
  if (opts.profile !== 0)
    await db.query(
      `INSERT INTO risk_profiles (customer_id, profile, score, answers, questionnaire_version, assessed_at, expires_at)
       VALUES ($1, $2, 0, '{}'::jsonb, $3, now(), now() + interval '1 year')`,
      [c.customerId, opts.profile ?? 5, QUESTIONNAIRE_VERSION],
    );
  await db.query('UPDATE customers SET date_of_birth = $2::date WHERE id = $1', [
    c.customerId,
    opts.birth ?? '1985-06-01',
  ]);
  return { c, account };
}

/** Units (text, 4 decimals) of a holding, or null. */
export async function unitsOf(db: Queryable, customerId: number, code: string): Promise<string | null> {
  const { rows } = await db.query<{ units: string | null }>(
    'SELECT units::text AS units FROM investment_holdings WHERE customer_id = $1 AND product_code = $2',
    [customerId, code],
  );
  return rows[0]?.units ?? null;
}

export async function holdUnits(
  db: Queryable,
  customerId: number,
  code: string,
  units: string,
  cost: number,
) {
  await db.query(
    `INSERT INTO investment_holdings (customer_id, product_code, units, cost, investment_account_no)
     VALUES ($1, $2, $3::numeric, $4, 'IDD')`,
    [customerId, code, units, cost],
  );
}

export async function movementsOf(db: Queryable, customerId: number) {
  const { rows } = await db.query<{
    product_code: string;
    kind: string;
    status: string;
    units: string | null;
    nav: string | null;
    amount: number;
  }>(
    `SELECT product_code, kind, status, units::text AS units, nav::text AS nav, amount
       FROM investment_transactions WHERE customer_id = $1 ORDER BY id`,
    [customerId],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}
