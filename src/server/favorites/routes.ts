import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error';
import { appCatalog, validateFormOrThrow } from '../transactions/catalog';
import { accountIdOf } from '../transactions/context';
import { txErrors } from '../transactions/errors';
import type { ChoiceSpec } from '../../shared/flows/types';

const MAX_FAVORITES = 50;

const favorite = {
  type: 'object',
  required: ['id', 'flowId', 'name', 'form', 'createdAt'],
  properties: {
    id: { type: 'string' },
    flowId: { type: 'string' },
    name: { type: 'string' },
    form: { type: 'object', additionalProperties: true },
    createdAt: { type: 'string' },
  },
} as const;

const nameSchema = { type: 'string', minLength: 1, maxLength: 35, pattern: '\\S' } as const;
const idSchema = { type: 'string', pattern: '^[0-9]{1,15}$' } as const;

const nameTaken = () =>
  new ApiError(409, 'CLICKS', 'FAVORITE_NAME_TAKEN', {
    titleEng: 'Name already used',
    titleIdn: 'Nama sudah dipakai',
    messageEng: 'You already have a favourite with this name. Choose another name.',
    messageIdn: 'Anda sudah memiliki favorit dengan nama ini. Pilih nama lain.',
  });

interface FavoriteRow {
  id: number;
  flow_id: string;
  name: string;
  form: unknown;
  created_at: Date;
}
const COLUMNS = 'id, flow_id, name, form, created_at';
const favoriteOf = (r: FavoriteRow) => ({
  id: String(r.id),
  flowId: r.flow_id,
  name: r.name,
  form: typeof r.form === 'string' ? JSON.parse(r.form) : r.form,
  createdAt: new Date(r.created_at).toISOString(),
});

const notFound = () =>
  new ApiError(404, 'CLICKS', 'FAVORITE_NOT_FOUND', {
    titleEng: 'Favourite not found',
    titleIdn: 'Favorit tidak ditemukan',
    messageEng: 'This favourite transaction no longer exists.',
    messageIdn: 'Transaksi favorit ini sudah tidak ada.',
  });

/**
 * Favourite transactions (receipt action "save as favourite", /my-favorite/): the form of a flow,
 * checked against that flow's own schema, so replaying it starts a valid inquiry.
 */
export default async function favoritesRoutes(app: FastifyInstance): Promise<void> {
  const catalog = appCatalog(app);

  /**
   * Every field the flow fills from the customer's own accounts must name one of them, by its
   * canonical id: a favourite is never saved with another customer's account (or "018" for 18).
   */
  const ownAccountsOrThrow = async (
    choices: Record<string, ChoiceSpec> | undefined,
    form: Record<string, unknown>,
    customerId: number,
  ) => {
    for (const [field, spec] of Object.entries(choices ?? {})) {
      if (spec.source !== 'accounts' || form[field] === undefined) continue;
      const id = accountIdOf(form[field]);
      const { rows } = id
        ? await app.db.query<{ customer_id: number }>(
            `SELECT customer_id FROM accounts WHERE id = $1 AND product <> 'internal'`,
            [id],
          )
        : { rows: [] };
      if (!rows[0] || Number(rows[0].customer_id) !== customerId)
        throw txErrors.accountNotAllowed(`/form/${field}`);
    }
  };

  app.post(
    '/api/favorite/v1/add',
    {
      preHandler: app.requireSession,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['flowId', 'name', 'form'],
          properties: {
            flowId: { type: 'string', minLength: 1, maxLength: 100 },
            name: nameSchema,
            form: { type: 'object' },
          },
        },
        response: { 200: favorite },
      },
    },
    async (request) => {
      const { flowId, name, form } = request.body as { flowId: string; name: string; form: unknown };
      const entry = catalog.get(flowId);
      if (!entry)
        throw new ApiError(400, 'CLICKS', 'INVALID_REQUEST', {
          titleEng: 'Invalid request',
          titleIdn: 'Permintaan tidak valid',
          messageEng: 'This transaction cannot be saved as a favourite.',
          messageIdn: 'Transaksi ini tidak dapat disimpan sebagai favorit.',
        });
      const valid = validateFormOrThrow(entry, form);
      const customerId = request.session!.customerId;
      await ownAccountsOrThrow(entry.flow.choices, valid, customerId);
      return app.db.transaction(async (tx) => {
        const { rows: count } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM favorites WHERE customer_id = $1',
          [customerId],
        );
        if ((count[0]?.n ?? 0) >= MAX_FAVORITES)
          throw new ApiError(409, 'CLICKS', 'FAVORITE_LIMIT', {
            titleEng: 'Favourites are full',
            titleIdn: 'Favorit sudah penuh',
            messageEng: `You can keep up to ${MAX_FAVORITES} favourites. Delete one to add another.`,
            messageIdn: `Anda dapat menyimpan hingga ${MAX_FAVORITES} favorit. Hapus salah satu untuk menambah.`,
          });
        const { rows } = await tx.query<{ id: number; created_at: Date }>(
          `INSERT INTO favorites (customer_id, flow_id, name, form) VALUES ($1, $2, $3, $4)
           ON CONFLICT (customer_id, name) DO NOTHING RETURNING id, created_at`,
          [customerId, flowId, name.trim(), JSON.stringify(valid)],
        );
        const row = rows[0];
        if (!row) throw nameTaken();
        return {
          id: String(row.id),
          flowId,
          name: name.trim(),
          form: valid,
          createdAt: new Date(row.created_at).toISOString(),
        };
      });
    },
  );

  app.post(
    '/api/favorite/v1/list',
    {
      preHandler: app.requireSession,
      schema: {
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            required: ['favorites'],
            properties: { favorites: { type: 'array', items: favorite } },
          },
        },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<FavoriteRow>(
        `SELECT ${COLUMNS} FROM favorites WHERE customer_id = $1 ORDER BY created_at DESC, id DESC`,
        [request.session!.customerId],
      );
      return { favorites: rows.map(favoriteOf) };
    },
  );

  app.post(
    '/api/favorite/v1/delete',
    {
      preHandler: app.requireSession,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['id'],
          properties: { id: idSchema },
        },
        response: {
          200: { type: 'object', required: ['deleted'], properties: { deleted: { type: 'boolean' } } },
        },
      },
    },
    async (request) => {
      const { id } = request.body as { id: string };
      const { rowCount } = await app.db.query('DELETE FROM favorites WHERE id = $1 AND customer_id = $2', [
        Number(id),
        request.session!.customerId,
      ]);
      // Another customer's favourite is as absent as one that never existed.
      if (rowCount === 0) throw notFound();
      return { deleted: true };
    },
  );

  app.post(
    '/api/favorite/v1/update',
    {
      preHandler: app.requireSession,
      schema: {
        summary: 'Renames a favourite (/my-favorite/edit-favorite/)',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'name'],
          properties: { id: idSchema, name: nameSchema },
        },
        response: { 200: favorite },
      },
    },
    async (request) => {
      const { id, name } = request.body as { id: string; name: string };
      const customerId = request.session!.customerId;
      // The name is unique per customer (a rename onto another's name is refused by the constraint).
      const { rows } = await app.db
        .query<FavoriteRow>(
          `UPDATE favorites SET name = $3 WHERE id = $1 AND customer_id = $2 RETURNING ${COLUMNS}`,
          [Number(id), customerId, name.trim()],
        )
        .catch((err: { code?: string }) => {
          throw err.code === '23505' ? nameTaken() : err;
        });
      if (!rows[0]) throw notFound();
      return favoriteOf(rows[0]);
    },
  );
}
