import type { FastifyInstance } from 'fastify';
import type { VisibleAccount } from '../../shared/settings';
import { arr, bool, empty, id, int, obj, str } from '../myaccount/schemas';
import { settingsError, settingsPost } from './route-kit';

/** Which savings and current accounts show on the dashboard and in the source-of-fund lists. */
export default async function visibilityRoutes(app: FastifyInstance): Promise<void> {
  const post = settingsPost(app);

  const visibilityList = async (customerId: number) => {
    const { rows } = await app.db.query<{
      id: number;
      account_no: string;
      product: string;
      name: string;
      currency: string;
      rekpon: boolean;
      hide_dashboard: boolean;
      hide_source: boolean;
      is_default: boolean;
    }>(
      `SELECT a.id, a.account_no, a.product, a.name, a.currency, coalesce(a.details->>'rekpon', 'false') = 'true' AS rekpon,
              coalesce(v.hide_dashboard, false) AS hide_dashboard, coalesce(v.hide_source, false) AS hide_source,
              (a.id IN (c.default_source_account_id, c.default_receiving_account_id)) IS TRUE AS is_default
         FROM accounts a JOIN customers c ON c.id = a.customer_id
         LEFT JOIN account_visibility v ON v.account_id = a.id AND v.customer_id = a.customer_id
        WHERE a.customer_id = $1 AND a.status = 'active' AND a.product IN ('savings', 'current')
        ORDER BY a.currency <> 'IDR', a.product DESC, a.id`,
      [customerId],
    );
    return {
      accounts: rows.map((r): VisibleAccount => ({
        id: Number(r.id),
        accountNo: r.account_no,
        product: r.product,
        name: r.name,
        currency: r.currency.trim(),
        rekpon: r.rekpon,
        hideDashboard: r.hide_dashboard,
        hideSource: r.hide_source,
        isDefault: r.is_default,
      })),
    };
  };
  const visibilityResponse = obj({
    accounts: arr(
      obj({
        id: int,
        accountNo: str,
        product: str,
        name: str,
        currency: str,
        rekpon: bool,
        hideDashboard: bool,
        hideSource: bool,
        isDefault: bool,
      }),
    ),
  });

  post(
    '/api/settings/v1/account-visibility',
    'Savings and current accounts with whether each is hidden from the dashboard and the source-of-fund lists',
    empty,
    visibilityResponse,
    (customerId) => visibilityList(customerId),
  );

  post(
    '/api/settings/v1/account-visibility/update',
    'Hide or show one account on the dashboard and in the source-of-fund lists (a default account stays shown)',
    obj({ accountId: id, hideDashboard: bool, hideSource: bool }),
    visibilityResponse,
    async (customerId, body) => {
      const { accountId, hideDashboard, hideSource } = body as {
        accountId: number;
        hideDashboard: boolean;
        hideSource: boolean;
      };
      const list = await visibilityList(customerId);
      const account = list.accounts.find((a) => a.id === accountId);
      if (!account)
        throw settingsError(
          404,
          'ACCOUNT_NOT_FOUND',
          'The account you chose is not available.',
          'Rekening yang Anda pilih tidak tersedia.',
        );
      if (account.isDefault && (hideDashboard || hideSource))
        throw settingsError(
          422,
          'DEFAULT_ACCOUNT_HIDDEN',
          'A default account cannot be hidden. Choose another default account first.',
          'Rekening utama tidak dapat disembunyikan. Pilih rekening utama lain terlebih dahulu.',
          '/accountId',
        );
      await app.db.query(
        `INSERT INTO account_visibility (customer_id, account_id, hide_dashboard, hide_source, updated_at)
         VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (customer_id, account_id) DO UPDATE SET hide_dashboard = $3, hide_source = $4, updated_at = now()`,
        [customerId, accountId, hideDashboard, hideSource],
      );
      return visibilityList(customerId);
    },
  );
}
