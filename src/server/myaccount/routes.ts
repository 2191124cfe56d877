import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MyAccountOverview, InvestmentKind, InvestmentTxKind } from '../../shared/myaccount';
import { customerSummary } from '../auth/customer-summary';
import { portfolio } from '../core-bank/portfolio';
import { accountHistory, ownedAccount, resolvePeriod } from '../core-bank/history';
import { accountNotFound, noTransactions } from '../dashboard/errors';
import { cardCycles, ownedCard } from './cards';
import { renderCsv, renderPdf } from './documents';
import { noCreditCard, noInvestment, noMobileNumberAccount, noStatement } from './errors';
import { holdings, investmentHistory } from './investments';
import { productRoutes } from './products-routes';
import {
  accountDownloadRequest,
  cardCyclesResponse,
  empty,
  file,
  id,
  investmentDownloadRequest,
  investmentHistoryRequest,
  investmentHistoryResponse,
  holding,
  lang as langSchema,
  month as monthSchema,
  obj,
  overviewResponse,
  arr,
  str,
  int,
} from './schemas';
import { combinedMonths, combinedStatementDoc } from './combined-statement';
import {
  historyCsvColumns,
  historyCsvRows,
  historyDoc,
  investmentCsvColumns,
  investmentCsvRows,
  investmentDoc,
} from './history-documents';
import { completeMonths, customerInfo } from './statement-common';
import { cardStatementDoc, casaStatementDoc } from './statements';
import { taxReportDoc, taxYears } from './tax-report';
import { docTexts, type DocLang } from './texts';

export interface MyAccountRoutesOptions {
  /** The clock (epoch ms); tests move it to cross statement dates. */
  now?: () => number;
}

/** A download holds at most this many rows (a year of a busy account). */
const DOWNLOAD_MAX = 5000;

function sessionOf(request: FastifyRequest) {
  const s = request.session;
  if (!s) throw new Error('authenticated route reached without a session');
  return s;
}

/** Sends a document: PDF bytes or CSV text, as an attachment with a file name. */
function sendFile(reply: FastifyReply, body: Uint8Array | string, name: string, kind: 'pdf' | 'csv') {
  return reply
    .header('content-type', kind === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.${kind}"`)
    .send(typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body));
}

/**
 * My account: every product the customer holds, the histories of each (CASA and REKPON through the
 * account history, credit card cycles, mutual funds and bonds), their downloads, and statements.
 */
export default async function myAccountRoutes(
  app: FastifyInstance,
  opts: MyAccountRoutesOptions = {},
): Promise<void> {
  const now = opts.now ?? Date.now;
  const authed = { preHandler: app.requireSession };
  await productRoutes(app);

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

  app.post(
    '/api/account/v1/history/download',
    {
      ...authed,
      schema: {
        tags: ['myaccount'],
        summary: "An account's history of a period as PDF or CSV (the same filters as the history)",
        body: accountDownloadRequest,
        response: { 200: file('application/pdf or text/csv') },
      },
    },
    async (request, reply) => {
      const body = request.body as {
        accountId: number;
        from?: string;
        to?: string;
        search?: string;
        direction?: 'debit' | 'credit';
        format: 'pdf' | 'csv';
        lang?: DocLang;
      };
      const lang = body.lang ?? 'id';
      const s = sessionOf(request);
      const { from, to } = resolvePeriod(body, now());
      const account = await ownedAccount(app.db, s.customerId, body.accountId);
      if (!account) throw accountNotFound();
      const history = await accountHistory(app.db, account, {
        from,
        to,
        page: 1,
        pageSize: DOWNLOAD_MAX,
        search: body.search,
        direction: body.direction,
      });
      if (history.entries.length === 0) throw noTransactions();
      const t = docTexts(lang);
      const name = `history-${account.accountNo.slice(-4)}-${from}-${to}`;
      if (body.format === 'csv') {
        return sendFile(
          reply,
          renderCsv(historyCsvColumns(lang), historyCsvRows(history.entries, lang)),
          name,
          'csv',
        );
      }
      const [customer, accountName] = await Promise.all([
        customerInfo(app.db, s.customerId),
        app.db.query<{ name: string }>('SELECT name FROM accounts WHERE id = $1', [account.id]),
      ]);
      const filter = [body.search ? `"${body.search}"` : '', body.direction ? t[body.direction] : '']
        .filter(Boolean)
        .join(', ');
      const doc = historyDoc(
        lang,
        {
          title: account.product === 'credit_card' ? t.cardHistoryTitle : t.historyTitle,
          customer,
          account: `${accountName.rows[0]?.name ?? ''} - ${account.accountNo} (${account.currency})`,
          from,
          to,
          filter: filter || undefined,
        },
        history.entries,
      );
      return sendFile(reply, await renderPdf(doc), name, 'pdf');
    },
  );

  app.post(
    '/api/creditcard/v1/cycles',
    {
      ...authed,
      schema: {
        tags: ['myaccount'],
        summary: "A credit card's statements (billed, minimum payment, due date) and what is unbilled",
        body: obj({ accountId: id }),
        response: { 200: cardCyclesResponse },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const { accountId } = request.body as { accountId: number };
      const card = await ownedCard(app.db, s.customerId, accountId);
      if (!card) throw noCreditCard();
      return cardCycles(app.db, card, now());
    },
  );

  app.post(
    '/api/investment/v1/history',
    {
      ...authed,
      schema: {
        tags: ['myaccount'],
        summary: 'Mutual fund or bond transactions of a period, with the holdings (units, NAV, price)',
        body: investmentHistoryRequest,
        response: { 200: investmentHistoryResponse },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const body = request.body as {
        kind: InvestmentKind;
        from?: string;
        to?: string;
        page?: number;
        productCode?: string;
        txKind?: InvestmentTxKind;
        search?: string;
      };
      const { from, to } = resolvePeriod(body, now());
      const page = await investmentHistory(app.db, s.customerId, { ...body, from, to, page: body.page ?? 1 });
      if (page.holdings.length === 0 && page.entries.length === 0 && page.page === 1) {
        const any = await app.db.query('SELECT 1 FROM investment_holdings WHERE customer_id = $1 LIMIT 1', [
          s.customerId,
        ]);
        if (any.rows.length === 0) throw noInvestment();
      }
      return page;
    },
  );

  app.post(
    '/api/investment/v1/history/download',
    {
      ...authed,
      schema: {
        tags: ['myaccount'],
        summary: 'Mutual fund or bond transactions of a period as PDF or CSV',
        body: investmentDownloadRequest,
        response: { 200: file('application/pdf or text/csv') },
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const body = request.body as {
        kind: InvestmentKind;
        from?: string;
        to?: string;
        productCode?: string;
        txKind?: InvestmentTxKind;
        search?: string;
        format: 'pdf' | 'csv';
        lang?: DocLang;
      };
      const lang = body.lang ?? 'id';
      const { from, to } = resolvePeriod(body, now());
      const page = await investmentHistory(app.db, s.customerId, {
        ...body,
        from,
        to,
        page: 1,
        pageSize: DOWNLOAD_MAX,
      });
      if (page.entries.length === 0) throw noTransactions();
      const name = `${body.kind === 'mutual_fund' ? 'mutual-funds' : 'bonds'}-${from}-${to}`;
      if (body.format === 'csv') {
        return sendFile(
          reply,
          renderCsv(investmentCsvColumns(lang, body.kind, true), investmentCsvRows(page.entries, lang)),
          name,
          'csv',
        );
      }
      const customer = await customerInfo(app.db, s.customerId);
      const doc = investmentDoc(
        lang,
        { kind: body.kind, customer, from, to, filter: body.search ? `"${body.search}"` : undefined },
        page.entries,
      );
      return sendFile(reply, await renderPdf(doc), name, 'pdf');
    },
  );

  app.post(
    '/api/investment/v1/holdings',
    {
      ...authed,
      schema: {
        tags: ['myaccount'],
        summary: 'Holdings of one kind (mutual funds or bonds) at the latest price',
        body: obj({ kind: { type: 'string', enum: ['mutual_fund', 'bond'] } }),
        response: { 200: obj({ holdings: arr(holding) }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const { kind } = request.body as { kind: InvestmentKind };
      return { holdings: await holdings(app.db, s.customerId, kind) };
    },
  );

  // Statements.

  app.post(
    '/api/statement/v1/months',
    {
      ...authed,
      schema: {
        tags: ['myaccount'],
        summary: "Months with an e-statement of one account (a card: its statement dates' months)",
        body: obj({ accountId: id }),
        response: { 200: obj({ accountId: int, product: str, months: arr(str) }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const { accountId } = request.body as { accountId: number };
      const account = await ownedAccount(app.db, s.customerId, accountId);
      if (!account) throw accountNotFound();
      if (account.product === 'credit_card') {
        const card = await ownedCard(app.db, s.customerId, accountId);
        const cycles = await cardCycles(app.db, card!, now());
        const months = cycles.statements.map((x) => x.statementDate.slice(0, 7));
        if (months.length === 0) throw noStatement(true);
        return { accountId, product: account.product, months };
      }
      const opened = await app.db.query<{ opened_on: string }>(
        `SELECT ((created_at AT TIME ZONE 'UTC') + interval '7 hours')::date::text AS opened_on FROM accounts WHERE id = $1`,
        [accountId],
      );
      const months = completeMonths(opened.rows[0]!.opened_on, now());
      if (months.length === 0) throw noStatement(false);
      return { accountId, product: account.product, months };
    },
  );

  app.post(
    '/api/statement/v1/estatement',
    {
      ...authed,
      schema: {
        tags: ['myaccount'],
        summary: 'The e-statement of one account for one month, as PDF (ESTAT 404 when there is none)',
        body: obj({ accountId: id, month: monthSchema, lang: langSchema }, ['lang']),
        response: { 200: file('application/pdf') },
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const body = request.body as { accountId: number; month: string; lang?: DocLang };
      const lang = body.lang ?? 'id';
      const account = await ownedAccount(app.db, s.customerId, body.accountId);
      if (!account) throw accountNotFound();
      const customer = await customerInfo(app.db, s.customerId);
      if (account.product === 'credit_card') {
        const card = (await ownedCard(app.db, s.customerId, body.accountId))!;
        const cycles = await cardCycles(app.db, card, now());
        const statement = cycles.statements.find((x) => x.statementDate.startsWith(body.month));
        if (!statement) throw noStatement(true);
        const doc = await cardStatementDoc(app.db, lang, customer, card, statement);
        return sendFile(
          reply,
          await renderPdf(doc),
          `card-statement-${card.maskedNumber.slice(-4)}-${body.month}`,
          'pdf',
        );
      }
      const opened = await app.db.query<{ opened_on: string; name: string }>(
        `SELECT ((created_at AT TIME ZONE 'UTC') + interval '7 hours')::date::text AS opened_on, name FROM accounts WHERE id = $1`,
        [account.id],
      );
      if (!completeMonths(opened.rows[0]!.opened_on, now()).includes(body.month)) throw noStatement(false);
      const doc = await casaStatementDoc(
        app.db,
        lang,
        customer,
        { ...account, name: opened.rows[0]!.name },
        body.month,
      );
      return sendFile(reply, await renderPdf(doc), `e-statement-${account.accountNo}-${body.month}`, 'pdf');
    },
  );

  app.post(
    '/api/statement/v1/periods',
    {
      ...authed,
      schema: {
        tags: ['myaccount'],
        summary: 'Months of the combined statement and years of the tax report',
        body: empty,
        response: { 200: obj({ months: arr(str), years: arr(int) }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const [months, years] = await Promise.all([
        combinedMonths(app.db, s.customerId, now()),
        taxYears(app.db, s.customerId, now()),
      ]);
      return { months, years };
    },
  );

  app.post(
    '/api/statement/v1/combined',
    {
      ...authed,
      schema: {
        tags: ['myaccount'],
        summary: "Every product's position at the end of a month, as one PDF (ESTAT 404 when none)",
        body: obj({ month: monthSchema, lang: langSchema }, ['lang']),
        response: { 200: file('application/pdf') },
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const body = request.body as { month: string; lang?: DocLang };
      const months = await combinedMonths(app.db, s.customerId, now());
      if (!months.includes(body.month)) throw noStatement(false);
      const cardIds = await app.db.query<{ id: number }>(
        `SELECT id FROM accounts WHERE customer_id = $1 AND product = 'credit_card' ORDER BY id`,
        [s.customerId],
      );
      const cardStatements = await Promise.all(
        cardIds.rows.map(async (r) => {
          const card = (await ownedCard(app.db, s.customerId, Number(r.id)))!;
          const cycles = await cardCycles(app.db, card, now());
          return { card, statement: cycles.statements.find((x) => x.statementDate.startsWith(body.month)) };
        }),
      );
      const doc = await combinedStatementDoc(
        app.db,
        body.lang ?? 'id',
        s.customerId,
        await customerInfo(app.db, s.customerId),
        body.month,
        cardStatements,
      );
      return sendFile(reply, await renderPdf(doc), `combined-statement-${body.month}`, 'pdf');
    },
  );

  app.post(
    '/api/statement/v1/tax-report',
    {
      ...authed,
      schema: {
        tags: ['myaccount'],
        summary: 'The tax report of a year (this year: to date), as PDF (ESTAT 404 when none)',
        body: obj({ year: { type: 'integer', minimum: 2000, maximum: 2100 }, lang: langSchema }, ['lang']),
        response: { 200: file('application/pdf') },
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const body = request.body as { year: number; lang?: DocLang };
      const years = await taxYears(app.db, s.customerId, now());
      if (!years.includes(body.year)) throw noStatement(false);
      const doc = await taxReportDoc(
        app.db,
        body.lang ?? 'id',
        s.customerId,
        await customerInfo(app.db, s.customerId),
        body.year,
        now(),
      );
      return sendFile(reply, await renderPdf(doc), `tax-report-${body.year}`, 'pdf');
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
