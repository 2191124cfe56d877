import type { FastifyInstance } from 'fastify';
import type { MyAccountOverview } from '../../shared/myaccount';
import { customerSummary } from '../auth/customer-summary';
import { portfolio } from '../core-bank/portfolio';
import { noMobileNumberAccount } from './errors';
import { empty, obj, overviewResponse, arr, str, int } from './schemas';
import { sessionOf } from './route-kit';

/** My account's overview of every product the customer holds, and their mobile-number (REKPON) accounts. */
export default async function overviewRoutes(app: FastifyInstance): Promise<void> {
  const authed = { preHandler: app.requireSession };

  app.post(
    '/api/myaccount/v1/overview',
    {
      ...authed,
      schema: {
        tags: ['myaccount'],
        summary: 'Every product the customer holds, with what My account shows of each',
        body: empty,
        response: { 200: overviewResponse },
      },
    },
    async (request): Promise<MyAccountOverview> => {
      const s = sessionOf(request);
      const [summary, p, extra, cards, policies] = await Promise.all([
        customerSummary(app.db, s.customerId, s.id),
        portfolio(app.db, s.customerId),
        app.db.query<{
          id: number;
          rekpon: boolean;
          phone: string | null;
          hide_dashboard: boolean;
          hide_source: boolean;
        }>(
          `SELECT a.id, coalesce(a.details->>'rekpon', 'false') = 'true' AS rekpon, a.details->>'phone' AS phone,
                  coalesce(v.hide_dashboard, false) AS hide_dashboard, coalesce(v.hide_source, false) AS hide_source
             FROM accounts a LEFT JOIN account_visibility v ON v.account_id = a.id AND v.customer_id = a.customer_id
            WHERE a.customer_id = $1 AND a.product IN ('savings', 'current')`,
          [s.customerId],
        ),
        app.db.query<{ id: number; status: string }>(
          `SELECT a.id, coalesce(k.status, a.status) AS status FROM accounts a
             LEFT JOIN card_accounts k ON k.account_id = a.id
            WHERE a.customer_id = $1 AND a.product = 'credit_card'`,
          [s.customerId],
        ),
        app.db.query<{ policy_no: string; provider: string }>(
          'SELECT policy_no, provider FROM insurance_policies WHERE customer_id = $1',
          [s.customerId],
        ),
      ]);
      if (!summary) throw new Error(`session ${s.id} has no customer`);
      const extraOf = new Map(extra.rows.map((r) => [Number(r.id), r]));
      const statusOf = new Map(cards.rows.map((r) => [Number(r.id), r.status]));
      const providerOf = new Map(policies.rows.map((r) => [r.policy_no, r.provider]));
      return {
        customer: { hasCasa: summary.hasCasa, ccOnly: summary.ccOnly, supplementary: summary.supplementary },
        accounts: p.accounts.map((a) => {
          const x = extraOf.get(a.id);
          return {
            id: a.id,
            accountNo: a.accountNo,
            product: a.product,
            name: a.name,
            currency: a.currency,
            balance: a.balance,
            availableBalance: a.availableBalance,
            rekpon: x?.rekpon ?? false,
            phone: x?.phone ?? null,
            hiddenOnDashboard: x?.hide_dashboard ?? false,
            hiddenAsSource: x?.hide_source ?? false,
          };
        }),
        creditCards: p.creditCards.map((c) => ({
          ...c,
          status: (statusOf.get(c.id) ?? 'active') as MyAccountOverview['creditCards'][number]['status'],
        })),
        deposits: p.deposits,
        loans: p.loans,
        mutualFunds: p.investments.mutualFunds.map(({ code, name, units, nav, marketValue }) => ({
          code,
          name,
          units,
          nav,
          marketValue,
        })),
        bonds: p.investments.bonds.map(({ code, name, faceValue, marketValue }) => ({
          code,
          name,
          faceValue,
          marketValue,
        })),
        insurance: p.insurance.map((i) => ({ ...i, provider: providerOf.get(i.policyNo) ?? '' })),
        gold: p.gold,
      };
    },
  );

  // A REKPON history asked of a customer without one: the no-account dialog (GOMOBILE/0099).
  app.post(
    '/api/account/v1/rekpon',
    {
      ...authed,
      schema: {
        tags: ['myaccount'],
        summary: "The customer's mobile-number accounts (CLICKS 0099 when none)",
        body: empty,
        response: {
          200: obj({ accounts: arr(obj({ id: int, accountNo: str, phone: str, currency: str })) }),
        },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const { rows } = await app.db.query<{
        id: number;
        account_no: string;
        phone: string | null;
        currency: string;
      }>(
        `SELECT id, account_no, details->>'phone' AS phone, currency FROM accounts
          WHERE customer_id = $1 AND status = 'active' AND details->>'rekpon' = 'true' ORDER BY id`,
        [s.customerId],
      );
      if (rows.length === 0) throw noMobileNumberAccount();
      return {
        accounts: rows.map((r) => ({
          id: Number(r.id),
          accountNo: r.account_no,
          phone: r.phone ?? '',
          currency: r.currency.trim(),
        })),
      };
    },
  );
}
