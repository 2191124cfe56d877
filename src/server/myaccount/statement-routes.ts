import type { FastifyInstance } from 'fastify';
import { ownedAccount } from '../core-bank/history';
import { accountNotFound } from '../dashboard/errors';
import { cardCycles, ownedCard } from './cards';
import { renderPdf } from './documents';
import { noStatement } from './errors';
import { empty, file, id, lang as langSchema, month as monthSchema, obj, arr, str, int } from './schemas';
import { combinedMonths, combinedStatementDoc } from './combined-statement';
import { completeMonths, customerInfo } from './statement-common';
import { cardStatementDoc, casaStatementDoc } from './statements';
import { taxReportDoc, taxYears } from './tax-report';
import { type DocLang } from './texts';
import { sendFile, sessionOf, type MyAccountAreaOptions } from './route-kit';

/** Statements: an account's monthly e-statements, the combined statement and the tax report. */
export default async function statementRoutes(
  app: FastifyInstance,
  opts: MyAccountAreaOptions,
): Promise<void> {
  const now = opts.now;
  const authed = { preHandler: app.requireSession };

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
}
