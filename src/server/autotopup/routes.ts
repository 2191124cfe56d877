import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error';
import { rowIdSchema } from '../http/common-schemas';
import { devToolsEnabled } from '../dev/routes';
import { arr, bool, int, money, nullable, obj, str } from '../myaccount/schemas';
import { appCatalog } from '../transactions/catalog';
import { referenceData } from '../reference/store';
import { autoTopUpRunner, ownLink } from './runner';

/** How often links due a top-up are looked for (any number of app servers share them). */
export const AUTOTOPUP_INTERVAL_MS = 30_000;

const text = obj({ en: str, id: str });
const topup = obj(
  {
    amount: money,
    status: { type: 'string', enum: ['success', 'pending', 'failed'] },
    referenceNo: str,
    createdAt: str,
    error: text,
  },
  ['referenceNo', 'error'],
);
const link = obj({
  id: str,
  provider: str,
  providerName: text,
  phoneNumber: str,
  accountName: str,
  source: obj({ id: str, accountNo: str, name: str }),
  threshold: money,
  topupAmount: money,
  walletBalance: money,
  linkedAt: str,
  topups: arr(topup),
});

const notFound = () =>
  new ApiError(404, 'CLICKS', 'EWALLET_LINK_NOT_FOUND', {
    titleEng: 'Linked e-wallet not found',
    titleIdn: 'E-wallet terhubung tidak ditemukan',
    messageEng: 'This e-wallet is not linked any more.',
    messageIdn: 'E-wallet ini sudah tidak terhubung.',
  });

const idr = (amount: number | string) => ({ amount: Number(amount), currency: 'IDR' });

/**
 * E-wallet auto top-up: the customer's linked e-wallets with their balance and top-ups, unlinking;
 * the scheduler that tops them up; in demo mode and tests, the e-wallet's payment that lowers its
 * balance (the e-wallet then reports it, and the link is checked at once).
 */
export default async function autoTopUpRoutes(
  app: FastifyInstance,
  opts: { intervalMs?: number },
): Promise<void> {
  const runner = autoTopUpRunner(app.db, appCatalog(app), app.registry);
  const every = opts.intervalMs ?? AUTOTOPUP_INTERVAL_MS;
  if (every > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      runner
        .runDue()
        .then((n) => {
          if (n.success + n.pending + n.failed > 0) app.log.info(n, 'e-wallet auto top-ups run');
        })
        .catch((err: unknown) => app.log.warn({ err }, 'e-wallet auto top-up run failed'))
        .finally(() => (running = false));
    }, every);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  app.post(
    '/api/ewallet/v1/autotopup/list',
    {
      preHandler: app.requireSession,
      schema: {
        summary: "The customer's e-wallets linked for auto top-up, with their balance and last top-ups",
        body: obj({}),
        response: { 200: obj({ links: arr(link), demo: bool }) },
      },
    },
    async (request) => {
      const customerId = request.session!.customerId;
      const { rows } = await app.db.query<{
        id: number;
        provider: string;
        phone_number: string;
        account_name: string;
        source_account_id: number;
        account_no: string;
        account_name_src: string;
        threshold: number;
        topup_amount: number;
        wallet_balance: number;
        linked_at: Date | string;
      }>(
        `SELECT l.id, l.provider, l.phone_number, l.account_name, l.source_account_id, a.account_no,
                a.name AS account_name_src, l.threshold, l.topup_amount, l.wallet_balance, l.linked_at
           FROM ewallet_links l JOIN accounts a ON a.id = l.source_account_id
          WHERE l.customer_id = $1 AND l.status = 'active' ORDER BY l.id`,
        [customerId],
      );
      const ewallets = referenceData().providers.ewallet?.providers ?? [];
      const links = [];
      for (const r of rows) {
        const t = await app.db.query<{
          amount: number;
          status: 'success' | 'pending' | 'failed';
          reference_no: string | null;
          created_at: Date | string;
          error: { errorMessageEng?: string; errorMessageIdn?: string } | null;
        }>(
          `SELECT t.amount, t.status, j.reference_no, t.created_at, t.error
             FROM ewallet_topups t LEFT JOIN journal j ON j.id = t.journal_id
            WHERE t.link_id = $1 ORDER BY t.seq DESC LIMIT 10`,
          [r.id],
        );
        links.push({
          id: String(r.id),
          provider: r.provider,
          providerName: ewallets.find((p) => p.code === r.provider)?.name ?? {
            en: r.provider,
            id: r.provider,
          },
          phoneNumber: r.phone_number,
          accountName: r.account_name,
          source: { id: String(r.source_account_id), accountNo: r.account_no, name: r.account_name_src },
          threshold: idr(r.threshold),
          topupAmount: idr(r.topup_amount),
          walletBalance: idr(r.wallet_balance),
          linkedAt: new Date(r.linked_at).toISOString(),
          topups: t.rows.map((x) => ({
            amount: idr(x.amount),
            status: x.status,
            ...(x.reference_no ? { referenceNo: x.reference_no } : {}),
            createdAt: new Date(x.created_at).toISOString(),
            ...(x.status === 'failed' && x.error?.errorMessageEng
              ? {
                  error: {
                    en: x.error.errorMessageEng,
                    id: x.error.errorMessageIdn ?? x.error.errorMessageEng,
                  },
                }
              : {}),
          })),
        });
      }
      return { links, demo: devToolsEnabled(app) };
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api/ewallet/v1/autotopup/unlink',
    {
      preHandler: app.requireSession,
      schema: {
        summary: 'Unlinks an e-wallet: no more auto top-ups (a top-up already sent still completes)',
        body: obj({ id: rowIdSchema }),
        response: { 200: obj({ unlinked: bool }) },
      },
    },
    async (request) => {
      const { rowCount } = await app.db.query(
        `UPDATE ewallet_links SET status = 'unlinked', unlinked_at = now()
          WHERE id = $1 AND customer_id = $2 AND status = 'active'`,
        [request.body.id, request.session!.customerId],
      );
      if (rowCount !== 1) throw notFound();
      return { unlinked: true };
    },
  );

  if (!devToolsEnabled(app)) return;
  // The simulated e-wallet: the customer pays with it, and it reports the lower balance to the bank.
  app.post<{ Body: { id: number; amount: number } }>(
    '/api/dev/v1/ewallet/spend',
    {
      preHandler: app.requireSession,
      schema: {
        summary:
          'A payment with a linked e-wallet lowers its balance; the link is checked at once (demo and test only)',
        body: obj({ id: rowIdSchema, amount: { type: 'integer', minimum: 1, maximum: 100_000_000_000 } }),
        response: { 200: obj({ walletBalance: money, topUp: str, balanceAfter: nullable(int) }) },
      },
    },
    async (request) => {
      const id = await ownLink(app.db, request.session!.customerId, request.body.id);
      if (!id) throw notFound();
      await app.db.query(
        'UPDATE ewallet_links SET wallet_balance = GREATEST(0, wallet_balance - $2) WHERE id = $1',
        [id, request.body.amount],
      );
      const { rows } = await app.db.query<{ wallet_balance: number }>(
        'SELECT wallet_balance FROM ewallet_links WHERE id = $1',
        [id],
      );
      const outcome = await runner.check(id);
      const after = await app.db.query<{ wallet_balance: number }>(
        'SELECT wallet_balance FROM ewallet_links WHERE id = $1',
        [id],
      );
      return {
        walletBalance: idr(rows[0]!.wallet_balance),
        topUp: outcome,
        balanceAfter: after.rows[0] ? Number(after.rows[0].wallet_balance) : null,
      };
    },
  );
}
