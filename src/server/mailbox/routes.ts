import type { FastifyInstance } from 'fastify';
import { composeLimit, messageNotFound, noMessage } from './errors';
import { notify, unreadCount } from './notify';
import { customerOf } from '../http/session-customer';

export const PAGE_SIZE = 20;
/** Messages a customer may send the bank in a day (Jakarta), so the inbox of the bank is not flooded. */
export const COMPOSE_PER_DAY = 10;
export const TOPICS = ['account', 'card', 'transaction', 'investment', 'other'] as const;

const bilingual = {
  type: 'object',
  additionalProperties: false,
  required: ['eng', 'idn'],
  properties: { eng: { type: 'string' }, idn: { type: 'string' } },
} as const;

const summaryProps = {
  id: { type: 'string' },
  folder: { enum: ['inbox', 'sent'] },
  category: { type: 'string' },
  subject: bilingual,
  preview: bilingual,
  reference: { type: ['string', 'null'] },
  read: { type: 'boolean' },
  createdAt: { type: 'string', format: 'date-time' },
} as const;

const summary = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(summaryProps),
  properties: summaryProps,
} as const;

const detail = {
  type: 'object',
  additionalProperties: false,
  required: [...Object.keys(summaryProps), 'body', 'link', 'replyTo'],
  properties: {
    ...summaryProps,
    body: bilingual,
    link: { type: ['string', 'null'] },
    replyTo: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['id', 'subject'],
      properties: { id: { type: 'string' }, subject: bilingual },
    },
  },
} as const;

const idSchema = { type: 'string', pattern: '^[0-9]{1,15}$' } as const;
const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S' }) as const;

interface Row {
  id: number;
  folder: 'inbox' | 'sent';
  category: string;
  subject_eng: string;
  subject_idn: string;
  body_eng: string;
  body_idn: string;
  reference: string | null;
  link: string | null;
  reply_to: number | null;
  read_at: Date | null;
  created_at: Date;
}
const COLUMNS =
  'id, folder, category, subject_eng, subject_idn, body_eng, body_idn, reference, link, reply_to, read_at, created_at';

const PREVIEW = 120;
const preview = (s: string) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW ? `${flat.slice(0, PREVIEW - 1).trimEnd()}…` : flat;
};

const summaryOf = (r: Row) => ({
  id: String(r.id),
  folder: r.folder,
  category: r.category,
  subject: { eng: r.subject_eng, idn: r.subject_idn },
  preview: { eng: preview(r.body_eng), idn: preview(r.body_idn) },
  reference: r.reference,
  // A customer's own message is read by definition.
  read: r.folder === 'sent' || r.read_at !== null,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Jakarta's calendar day starts at 17:00 UTC the day before. */
function jakartaDayStart(now: Date): Date {
  const wib = new Date(now.getTime() + 7 * 3_600_000);
  wib.setUTCHours(0, 0, 0, 0);
  return new Date(wib.getTime() - 7 * 3_600_000);
}

/**
 * The mailbox (/help/mailbox/, message, compose) and the header's unread badge. Messages are the
 * customer's own: another customer's id is answered as not found. Writes from other domains go
 * through notify() (notify.ts).
 */
export default async function mailboxRoutes(app: FastifyInstance): Promise<void> {
  const authed = { preHandler: app.requireSession };

  app.post(
    '/api/mailbox/v1/badge',
    {
      ...authed,
      // Asked on every page change and now and then: it must not keep an idle session alive.
      config: { sessionNoSlide: true },
      schema: {
        tags: ['mailbox'],
        summary: 'Unread messages in the inbox (the header badge)',
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['unread'],
            properties: { unread: { type: 'integer', minimum: 0 } },
          },
        },
      },
    },
    async (request) => ({ unread: await unreadCount(app.db, customerOf(request)) }),
  );

  app.post(
    '/api/mailbox/v1/list',
    {
      ...authed,
      schema: {
        tags: ['mailbox'],
        summary: 'Messages of a folder, newest first; 0030 when the folder is empty',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['folder'],
          properties: {
            folder: { enum: ['inbox', 'sent'] },
            page: { type: 'integer', minimum: 1, maximum: 1000 },
          },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['messages', 'total', 'unread', 'page', 'pageSize'],
            properties: {
              messages: { type: 'array', items: summary },
              total: { type: 'integer' },
              unread: { type: 'integer' },
              page: { type: 'integer' },
              pageSize: { type: 'integer' },
            },
          },
        },
      },
    },
    async (request) => {
      const { folder, page = 1 } = request.body as { folder: 'inbox' | 'sent'; page?: number };
      const customerId = customerOf(request);
      const { rows: counts } = await app.db.query<{ total: number; unread: number }>(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE folder = 'inbox' AND read_at IS NULL)::int AS unread
           FROM mailbox_messages WHERE customer_id = $1 AND folder = $2 AND deleted_at IS NULL`,
        [customerId, folder],
      );
      const total = counts[0]?.total ?? 0;
      if (total === 0) throw noMessage();
      const { rows } = await app.db.query<Row>(
        `SELECT ${COLUMNS} FROM mailbox_messages
          WHERE customer_id = $1 AND folder = $2 AND deleted_at IS NULL
          ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
        [customerId, folder, PAGE_SIZE, (page - 1) * PAGE_SIZE],
      );
      return {
        messages: rows.map(summaryOf),
        total,
        unread: counts[0]?.unread ?? 0,
        page,
        pageSize: PAGE_SIZE,
      };
    },
  );

  app.post(
    '/api/mailbox/v1/message',
    {
      ...authed,
      schema: {
        tags: ['mailbox'],
        summary: 'One message with its text; opening an inbox message marks it read',
        body: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: idSchema } },
        response: { 200: detail },
      },
    },
    async (request) => {
      const id = Number((request.body as { id: string }).id);
      const customerId = customerOf(request);
      const { rows } = await app.db.query<Row>(
        `UPDATE mailbox_messages SET read_at = COALESCE(read_at, now())
          WHERE id = $1 AND customer_id = $2 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
        [id, customerId],
      );
      const r = rows[0];
      if (!r) throw messageNotFound();
      let replyTo = null;
      if (r.reply_to !== null) {
        const { rows: parent } = await app.db.query<Row>(
          `SELECT ${COLUMNS} FROM mailbox_messages WHERE id = $1 AND customer_id = $2`,
          [r.reply_to, customerId],
        );
        if (parent[0])
          replyTo = {
            id: String(parent[0].id),
            subject: { eng: parent[0].subject_eng, idn: parent[0].subject_idn },
          };
      }
      return {
        ...summaryOf(r),
        body: { eng: r.body_eng, idn: r.body_idn },
        link: r.link,
        replyTo,
      };
    },
  );

  app.post(
    '/api/mailbox/v1/delete',
    {
      ...authed,
      schema: {
        tags: ['mailbox'],
        summary: 'Deletes a message from its folder',
        body: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: idSchema } },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['deleted'],
            properties: { deleted: { type: 'boolean' } },
          },
        },
      },
    },
    async (request) => {
      const { rowCount } = await app.db.query(
        `UPDATE mailbox_messages SET deleted_at = now() WHERE id = $1 AND customer_id = $2 AND deleted_at IS NULL`,
        [Number((request.body as { id: string }).id), customerOf(request)],
      );
      if (rowCount === 0) throw messageNotFound();
      return { deleted: true };
    },
  );

  app.post(
    '/api/mailbox/v1/compose',
    {
      ...authed,
      schema: {
        tags: ['mailbox'],
        summary: 'Sends the bank a message (/help/compose/); the bank acknowledges it in the inbox',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['topic', 'subject', 'message', 'idempotencyKey'],
          properties: {
            topic: { enum: TOPICS },
            subject: text(100),
            message: text(1000),
            replyTo: idSchema,
            idempotencyKey: { type: 'string', pattern: '^[A-Za-z0-9-]{8,64}$' },
          },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'reference'],
            properties: { id: { type: 'string' }, reference: { type: 'string' } },
          },
        },
      },
    },
    async (request) => {
      const body = request.body as {
        topic: (typeof TOPICS)[number];
        subject: string;
        message: string;
        replyTo?: string;
        idempotencyKey: string;
      };
      const customerId = customerOf(request);
      const reference = (id: number) => `MB${String(id).padStart(8, '0')}`;
      return app.db.transaction(async (tx) => {
        // One customer's sends queue here, so neither the day's count nor the key can be raced past.
        await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
        // A retry of a message already sent answers as the first time did.
        const { rows: same } = await tx.query<{ id: number }>(
          `SELECT id FROM mailbox_messages WHERE customer_id = $1 AND idempotency_key = $2`,
          [customerId, body.idempotencyKey],
        );
        if (same[0]) return { id: String(same[0].id), reference: reference(same[0].id) };
        const { rows: today } = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM mailbox_messages
            WHERE customer_id = $1 AND folder = 'sent' AND created_at >= $2`,
          [customerId, jakartaDayStart(new Date()).toISOString()],
        );
        if ((today[0]?.n ?? 0) >= COMPOSE_PER_DAY) throw composeLimit(COMPOSE_PER_DAY);
        let replyTo: number | null = null;
        if (body.replyTo) {
          const { rows: parent } = await tx.query<{ id: number }>(
            'SELECT id FROM mailbox_messages WHERE id = $1 AND customer_id = $2 AND deleted_at IS NULL',
            [Number(body.replyTo), customerId],
          );
          if (!parent[0]) throw messageNotFound();
          replyTo = parent[0].id;
        }
        const subject = body.subject.trim();
        const message = body.message.trim();
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO mailbox_messages
             (customer_id, folder, category, subject_eng, subject_idn, body_eng, body_idn, reply_to, idempotency_key, read_at)
           VALUES ($1, 'sent', $2, $3, $3, $4, $4, $5, $6, now()) RETURNING id`,
          [customerId, body.topic, subject, message, replyTo, body.idempotencyKey],
        );
        const id = rows[0]!.id;
        const ref = reference(id);
        await notify(tx, customerId, {
          category: 'reply',
          replyTo: id,
          reference: ref,
          subject: {
            eng: `We have received your message: ${subject}`,
            idn: `Pesan Anda telah kami terima: ${subject}`,
          },
          body: {
            eng: `Thank you for contacting us. Your message has reference number ${ref}. Our team will answer in this mailbox within 1 x 24 hours on working days. For anything urgent, call 14041.`,
            idn: `Terima kasih telah menghubungi kami. Nomor referensi pesan Anda ${ref}. Tim kami akan menjawab melalui kotak pesan ini dalam 1 x 24 jam pada hari kerja. Untuk hal mendesak, hubungi 14041.`,
          },
        });
        return { id: String(id), reference: ref };
      });
    },
  );
}
