import type { Queryable } from '../db/db';
import type { Money } from '../../shared/money';
import type { PendingOrder } from '../../shared/invest/types';
import { pendingOrders } from '../invest/pending-orders';
import { maskCardNumber } from './card-number';
import type {
  Bond,
  CasaAccount,
  CreditCard,
  Deposit,
  InsurancePolicy,
  Loan,
  MutualFund,
} from '../../shared/portfolio';

/** What the core bank holds for one customer, in the shape of the dashboard summary (CONTRACTS.md). */
export interface Portfolio {
  accounts: CasaAccount[];
  creditCards: CreditCard[];
  deposits: Deposit[];
  loans: Loan[];
  investments: {
    mutualFunds: MutualFund[];
    bonds: Bond[];
    totalMarketValue: Money;
    /** Orders not final yet (apply & invest): shown beside the holdings. */
    pendingOrders: PendingOrder[];
  };
  insurance: InsurancePolicy[];
  gold: { accountNo: string; grams: string; marketValue: Money } | null;
  poinXtra: { points: number };
}

const money = (amount: number, currency: string): Money => ({ amount, currency });

export { maskCardNumber };

/** `dashboard`: leave out the accounts the customer hid from the dashboard (settings, account visibility). */
export async function portfolio(
  db: Queryable,
  customerId: number,
  opts: { dashboard?: boolean } = {},
): Promise<Portfolio> {
  const casaQ = db.query<{
    id: number;
    account_no: string;
    product: 'savings' | 'current';
    name: string;
    currency: string;
    balance: number;
    floor: number;
    is_source: boolean;
    is_receiving: boolean;
  }>(
    `SELECT a.id, a.account_no, a.product, a.name, a.currency, a.balance, a.floor,
            (a.id = c.default_source_account_id) IS TRUE AS is_source,
            (a.id = c.default_receiving_account_id) IS TRUE AS is_receiving
       FROM accounts a JOIN customers c ON c.id = a.customer_id
      WHERE a.customer_id = $1 AND a.product IN ('savings', 'current') AND a.status = 'active'
        AND NOT ($2::boolean AND EXISTS (SELECT 1 FROM account_visibility v
                  WHERE v.account_id = a.id AND v.customer_id = a.customer_id AND v.hide_dashboard))
      ORDER BY a.currency <> 'IDR', a.product DESC, a.id`,
    [customerId, opts.dashboard ?? false],
  );

  // A supplementary card spends from its own sub-limit and from the main card's available limit.
  // Cards opened without a card_accounts row (e.g. by the registration demo) fall back to the account.
  const cardsQ = db.query<{
    id: number;
    account_no: string;
    card_no: string | null;
    masked_number: string | null;
    name: string;
    currency: string;
    credit_limit: number;
    balance: number;
    supplementary: boolean;
    main_available: number | null;
  }>(
    `SELECT a.id, a.account_no, coalesce(k.card_no, a.details->>'cardNumber') AS card_no, k.masked_number,
            a.name, a.currency, coalesce(k.credit_limit, -a.floor) AS credit_limit, a.balance,
            coalesce(a.details->>'supplementary', 'false') = 'true' AS supplementary,
            (SELECT m.balance - m.floor FROM accounts m
              WHERE m.id = coalesce(k.main_account_id, (a.details->>'mainAccountId')::int8)) AS main_available
       FROM accounts a LEFT JOIN card_accounts k ON k.account_id = a.id
      WHERE a.customer_id = $1 AND a.product = 'credit_card' AND a.status <> 'closed'
      ORDER BY supplementary, a.id`,
    [customerId],
  );

  const depositsQ = db.query<{
    id: number;
    account_no: string;
    currency: string;
    principal: number;
    rate: string;
    tenor_months: number;
    maturity_date: string;
    aro: boolean;
  }>(
    `SELECT a.id, a.account_no, a.currency, t.principal, t.rate::text AS rate, t.tenor_months,
            t.maturity_date::text AS maturity_date, t.aro
       FROM accounts a JOIN time_deposits t ON t.account_id = a.id
      WHERE a.customer_id = $1 AND a.status = 'active' ORDER BY t.maturity_date, a.id`,
    [customerId],
  );

  const loansQ = db.query<{
    id: number;
    account_no: string;
    currency: string;
    balance: number;
    installment: number;
    next_due_date: string;
  }>(
    `SELECT a.id, a.account_no, a.currency, a.balance, l.installment, l.next_due_date::text AS next_due_date
       FROM accounts a JOIN loans l ON l.account_id = a.id
      WHERE a.customer_id = $1 AND a.status = 'active' ORDER BY a.id`,
    [customerId],
  );

  // Values computed in SQL numeric, exactly, then rounded once to minor units (2 digits: IDR, USD).
  const holdingsQ = db.query<{
    code: string;
    kind: 'mutual_fund' | 'bond';
    name: string;
    currency: string;
    units: string | null;
    nav: string | null;
    face_value: number | null;
    market_value: number;
    idr_value: number;
  }>(
    `SELECT p.code, p.kind, p.name, p.currency, h.units::text AS units, p.nav::text AS nav, h.face_value,
            CASE WHEN p.kind = 'mutual_fund' THEN round(h.units * p.nav * 100)
                 ELSE round(h.face_value * p.price / 100) END::int8 AS market_value,
            CASE WHEN p.kind = 'mutual_fund' THEN round(h.units * p.nav * 100 * coalesce(r.buy, 1))
                 ELSE round(h.face_value * p.price / 100 * coalesce(r.buy, 1)) END::int8 AS idr_value
       FROM investment_holdings h
       JOIN investment_products p ON p.code = h.product_code
       LEFT JOIN exchange_rates r ON r.currency = p.currency AND p.currency <> 'IDR'
      WHERE h.customer_id = $1 ORDER BY p.kind DESC, p.code`,
    [customerId],
  );

  const insuranceQ = db.query<{
    policy_no: string;
    product: string;
    currency: string;
    sum_assured: number;
    status: InsurancePolicy['status'];
  }>(
    `SELECT policy_no, product, currency, sum_assured, status FROM insurance_policies
      WHERE customer_id = $1 ORDER BY start_date, policy_no`,
    [customerId],
  );

  const goldQ = db.query<{ account_no: string; balance: number; market_value: number }>(
    `SELECT a.account_no, a.balance,
            round(a.balance::numeric * coalesce((SELECT sell_per_gram FROM gold_prices WHERE id = 1), 0) / 10000)::int8
              AS market_value
       FROM accounts a WHERE a.customer_id = $1 AND a.product = 'gold' AND a.status = 'active'
      ORDER BY a.id LIMIT 1`,
    [customerId],
  );

  const pointsQ = db.query<{ points: number }>('SELECT points FROM poin_xtra WHERE customer_id = $1', [
    customerId,
  ]);

  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [casa, cards, deposits, loans, holdings, insurance, gold, points, pending] = await Promise.all([
    casaQ,
    cardsQ,
    depositsQ,
    loansQ,
    holdingsQ,
    insuranceQ,
    goldQ,
    pointsQ,
    pendingOrders(db, customerId),
  ]);
  const mutualFunds = holdings.rows.filter((h) => h.kind === 'mutual_fund');
  const bonds = holdings.rows.filter((h) => h.kind === 'bond');
  const g = gold.rows[0];
  return {
    accounts: casa.rows.map((a) => ({
      id: a.id,
      accountNo: a.account_no,
      product: a.product,
      name: a.name,
      currency: a.currency,
      balance: money(a.balance, a.currency),
      availableBalance: money(a.balance - a.floor, a.currency),
      isDefaultSource: a.is_source,
      isDefaultReceiving: a.is_receiving,
    })),
    creditCards: cards.rows.map((k) => {
      const own = k.credit_limit + k.balance;
      const available = k.main_available === null ? own : Math.min(own, k.main_available);
      return {
        id: k.id,
        maskedNumber: k.masked_number ?? maskCardNumber(k.card_no ?? k.account_no),
        name: k.name,
        currency: k.currency,
        creditLimit: money(k.credit_limit, k.currency),
        availableLimit: money(Math.max(0, available), k.currency),
        outstanding: money(Math.max(0, -k.balance), k.currency),
        supplementary: k.supplementary,
      };
    }),
    deposits: deposits.rows.map((d) => ({
      id: d.id,
      accountNo: d.account_no,
      currency: d.currency,
      principal: money(d.principal, d.currency),
      rate: d.rate,
      tenorMonths: d.tenor_months,
      maturityDate: d.maturity_date,
      aro: d.aro,
    })),
    loans: loans.rows.map((l) => ({
      id: l.id,
      accountNo: l.account_no,
      currency: l.currency,
      outstanding: money(Math.max(0, -l.balance), l.currency),
      installment: money(l.installment, l.currency),
      nextDueDate: l.next_due_date,
    })),
    investments: {
      mutualFunds: mutualFunds.map((h) => ({
        code: h.code,
        name: h.name,
        units: h.units ?? '0',
        nav: h.nav ?? '0',
        marketValue: money(h.market_value, h.currency),
        currency: h.currency,
      })),
      bonds: bonds.map((h) => ({
        code: h.code,
        name: h.name,
        faceValue: money(h.face_value ?? 0, h.currency),
        marketValue: money(h.market_value, h.currency),
        currency: h.currency,
      })),
      totalMarketValue: money(
        holdings.rows.reduce((sum, h) => sum + h.idr_value, 0),
        'IDR',
      ),
      pendingOrders: pending,
    },
    insurance: insurance.rows.map((p) => ({
      policyNo: p.policy_no,
      product: p.product,
      sumAssured: money(p.sum_assured, p.currency),
      status: p.status,
    })),
    gold: g
      ? {
          accountNo: g.account_no,
          grams: `${Math.trunc(g.balance / 10_000)}.${String(g.balance % 10_000).padStart(4, '0')}`,
          marketValue: money(g.market_value, 'IDR'),
        }
      : null,
    poinXtra: { points: points.rows[0]?.points ?? 0 },
  };
}

/** The customer's default accounts (null when unset). */
export async function defaultAccounts(
  db: Queryable,
  customerId: number,
): Promise<{ sourceAccountId: number | null; receivingAccountId: number | null }> {
  const { rows } = await db.query<{ s: number | null; r: number | null }>(
    'SELECT default_source_account_id AS s, default_receiving_account_id AS r FROM customers WHERE id = $1',
    [customerId],
  );
  return { sourceAccountId: rows[0]?.s ?? null, receivingAccountId: rows[0]?.r ?? null };
}

/** How many of the latest Poin Xtra movements the inquiry answers. */
export const POINXTRA_HISTORY_MAX = 50;

/** Poin Xtra balance and the latest movements, newest first. */
export async function poinXtra(
  db: Queryable,
  customerId: number,
): Promise<{ points: number; history: Array<{ points: number; description: string; createdAt: string }> }> {
  const [balance, history] = await Promise.all([
    db.query<{ points: number }>('SELECT points FROM poin_xtra WHERE customer_id = $1', [customerId]),
    db.query<{ points: number; description: string; created_at: Date | string }>(
      `SELECT points, description, created_at FROM poin_xtra_history WHERE customer_id = $1
        ORDER BY created_at DESC, id DESC LIMIT $2`,
      [customerId, POINXTRA_HISTORY_MAX],
    ),
  ]);
  return {
    points: balance.rows[0]?.points ?? 0,
    history: history.rows.map((h) => ({
      points: h.points,
      description: h.description,
      createdAt: new Date(h.created_at).toISOString(),
    })),
  };
}
