import { latestPriceDate } from '../invest/seed';
import { INVESTMENT_PRODUCTS, type PersonaBanking } from './seed-data';
import { at, isoDate, type SeedContext } from './seed-ledger';

/** Investment products the bank sells: the demo catalogue, priced on the latest price day. */
export async function seedInvestmentProducts(c: SeedContext) {
  const values: unknown[] = [latestPriceDate(c.now)];
  const rows = INVESTMENT_PRODUCTS.map((p) => {
    const b = values.length;
    values.push(
      p.code,
      p.kind,
      p.name,
      p.currency,
      p.fundType ?? null,
      p.riskLevel,
      p.nav ?? null,
      p.price ?? null,
      p.couponRate ?? null,
      p.maturityDate ?? null,
    );
    return `(${Array.from({ length: 10 }, (_, i) => `$${b + i + 1}`).join(', ')}, $1)`;
  });
  await c.tx.query(
    `INSERT INTO investment_products (code, kind, name, currency, fund_type, risk_level, nav, price, coupon_rate, maturity_date, price_date)
     VALUES ${rows.join(', ')} ON CONFLICT (code) DO NOTHING`,
    values,
  );
}

/** What a persona holds outside the ledger: investments, insurance policies and Poin Xtra. */
export async function seedWealth(c: SeedContext, customerId: number, b: PersonaBanking) {
  if (b.investments) {
    const createdAt = at(c.now, b.investments.opened.daysAgo, b.investments.opened.hour).toISOString();
    for (const h of b.investments.holdings) {
      await c.tx.query(
        `INSERT INTO investment_holdings (customer_id, product_code, units, face_value, cost, investment_account_no, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          customerId,
          h.code,
          h.units ?? null,
          h.faceValue ?? null,
          h.cost,
          b.investments.accountNo,
          createdAt,
        ],
      );
    }
  }
  for (const policy of b.insurance ?? []) {
    await c.tx.query(
      `INSERT INTO insurance_policies (policy_no, customer_id, provider, product, currency, sum_assured, premium, status, start_date, end_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        policy.policyNo,
        customerId,
        policy.provider,
        policy.product,
        policy.currency,
        policy.sumAssured,
        policy.premium,
        policy.status,
        isoDate(at(c.now, policy.startDaysAgo, 0)),
        isoDate(at(c.now, policy.endDaysAgo, 0)),
      ],
    );
  }
  if (b.poinXtra) {
    await c.tx.query('INSERT INTO poin_xtra (customer_id, points) VALUES ($1, $2)', [
      customerId,
      b.poinXtra.points,
    ]);
    if (b.poinXtra.history.length) {
      const values: unknown[] = [customerId];
      const rows = b.poinXtra.history.map((h) => {
        values.push(h.points, h.description, at(c.now, h.daysAgo, h.hour).toISOString());
        const n = values.length;
        return `($1, $${n - 2}, $${n - 1}, $${n})`;
      });
      await c.tx.query(
        `INSERT INTO poin_xtra_history (customer_id, points, description, created_at) VALUES ${rows.join(', ')}`,
        values,
      );
    }
  }
}
