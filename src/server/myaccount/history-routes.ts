import type { FastifyInstance } from 'fastify';
import type { InvestmentKind, InvestmentTxKind } from '../../shared/myaccount';
import { accountHistory, ownedAccount, resolvePeriod } from '../core-bank/history';
import { accountNotFound, noTransactions } from '../dashboard/errors';
import { cardCycles, ownedCard } from './cards';
import { renderCsv, renderPdf } from './documents';
import { noCreditCard, noInvestment } from './errors';
import { holdings, investmentHistory } from './investments';
import {
  accountDownloadRequest,
  cardCyclesResponse,
  file,
  id,
  investmentDownloadRequest,
  investmentHistoryRequest,
  investmentHistoryResponse,
  holding,
  obj,
  arr,
} from './schemas';
import {
  historyCsvColumns,
  historyCsvRows,
  historyDoc,
  investmentCsvColumns,
  investmentCsvRows,
  investmentDoc,
} from './history-documents';
import { customerInfo } from './statement-common';
import { docTexts, type DocLang } from './texts';
import { sendFile, sessionOf, type MyAccountAreaOptions } from './route-kit';

/** A download holds at most this many rows (a year of a busy account). */
const DOWNLOAD_MAX = 5000;

/** The histories: an account's download, a credit card's cycles, mutual fund and bond transactions and holdings. */
export default async function historyRoutes(app: FastifyInstance, opts: MyAccountAreaOptions): Promise<void> {
  const now = opts.now;
  const authed = { preHandler: app.requireSession };

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
}
