import type { FastifyInstance } from 'fastify';
import { readOutbox } from '../sms/gateway';
import { readEmailOutbox } from '../alerts/email-outbox';
import { escapeHtml } from '../../shared/escape-html';

/** Development aids, present only in demo mode and in tests: never in production. */
export function devToolsEnabled(app: FastifyInstance): boolean {
  return app.demo || process.env.NODE_ENV === 'test';
}

/** A dev outbox page: a filter and a table, refreshed every 5 seconds; `rows`, `filter` already escaped. */
function devPage(
  nonce: string,
  p: {
    title: string;
    heading: string;
    intro: string;
    filter: string;
    head: string;
    rows: string[];
    other: string;
  },
) {
  const columns = (p.head.match(/<th>/g) ?? []).length;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5"><title>${p.title} (development)</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:24px;color:#222}h1{color:#8b0000;font-size:1.4rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:8px;text-align:left;vertical-align:top}
th{background:#f4f4f4}form{margin:12px 0}input{padding:6px;max-width:100%}.body{white-space:pre-wrap;margin-top:4px}
td{overflow-wrap:break-word}
@media (max-width:600px){thead{display:none}tr,td{display:block}td{border:0;padding:2px 0}tr{border-bottom:1px solid #ddd;padding:8px 0}}</style></head>
<body><h1>${p.heading}</h1>
<p>${p.intro}</p>
<p>${p.other}</p>
${p.filter}
<table><thead><tr>${p.head}</tr></thead>
<tbody>${p.rows.join('\n') || `<tr><td colspan="${columns}">No messages yet / Belum ada pesan</td></tr>`}</tbody></table></body></html>`;
}

export default async function devRoutes(app: FastifyInstance): Promise<void> {
  if (!devToolsEnabled(app)) return;

  app.get<{ Querystring: { phone?: string } }>(
    '/api/dev/v1/outbox',
    {
      schema: {
        summary: 'SMS outbox of the built-in gateway, newest first (demo and test only)',
        querystring: {
          type: 'object',
          properties: { phone: { type: 'string', maxLength: 20 } },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                phone: { type: 'string' },
                text: { type: 'string' },
                createdAt: { type: 'string' },
              },
              required: ['phone', 'text', 'createdAt'],
            },
          },
        },
      },
    },
    async (request) => readOutbox(app.db, request.query.phone || undefined),
  );

  // Plain pages (no script at all; their style names the response's CSP nonce): the demo's "phone" and
  // "mail box".
  app.get<{ Querystring: { phone?: string } }>(
    '/dev/outbox',
    {
      schema: {
        hide: true,
        querystring: {
          type: 'object',
          properties: { phone: { type: 'string', maxLength: 20 } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const phone = request.query.phone || undefined;
      const messages = await readOutbox(app.db, phone);
      const rows = messages.map(
        (m) =>
          `<tr><td>${escapeHtml(new Date(m.createdAt).toLocaleString('id-ID'))}</td><td>${escapeHtml(m.phone)}</td><td>${escapeHtml(m.text)}</td></tr>`,
      );
      reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      return devPage(request.cspNonce, {
        title: 'SMS outbox',
        heading: 'SMS outbox / Kotak keluar SMS',
        intro:
          'Messages the built-in SMS gateway "sent" (demo mode only). This page refreshes every 5 seconds.<br>' +
          'Pesan yang "dikirim" oleh gateway SMS bawaan (hanya mode demo). Halaman ini diperbarui setiap 5 detik.',
        filter: `<form method="get" action="/dev/outbox"><label>Phone / Nomor ponsel <input name="phone" value="${escapeHtml(phone ?? '')}" placeholder="+6281234567890"></label>
<button type="submit">Filter</button></form>`,
        head: '<th>Time / Waktu</th><th>Phone / Nomor</th><th>Text / Isi</th>',
        rows,
        other: '<a href="/dev/email-outbox">E-mail outbox / Kotak keluar e-mail</a>',
      });
    },
  );

  app.get<{ Querystring: { address?: string } }>(
    '/api/dev/v1/email-outbox',
    {
      schema: {
        summary: 'E-mail outbox of the built-in e-mail gateway, newest first (demo and test only)',
        querystring: {
          type: 'object',
          properties: { address: { type: 'string', maxLength: 60 } },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                address: { type: 'string' },
                subject: { type: 'string' },
                body: { type: 'string' },
                createdAt: { type: 'string' },
              },
              required: ['address', 'subject', 'body', 'createdAt'],
            },
          },
        },
      },
    },
    async (request) => readEmailOutbox(app.db, request.query.address || undefined),
  );

  app.get<{ Querystring: { address?: string } }>(
    '/dev/email-outbox',
    {
      schema: {
        hide: true,
        querystring: {
          type: 'object',
          properties: { address: { type: 'string', maxLength: 60 } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const address = request.query.address || undefined;
      const mails = await readEmailOutbox(app.db, address);
      const rows = mails.map(
        (m) =>
          `<tr><td>${escapeHtml(new Date(m.createdAt).toLocaleString('id-ID'))}</td><td>${escapeHtml(m.address)}</td><td><strong>${escapeHtml(m.subject)}</strong><div class="body">${escapeHtml(m.body)}</div></td></tr>`,
      );
      reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      return devPage(request.cspNonce, {
        title: 'E-mail outbox',
        heading: 'E-mail outbox / Kotak keluar e-mail',
        intro:
          'E-mails the built-in e-mail gateway "sent", such as the alerts chosen in Settings (demo mode only). This page refreshes every 5 seconds.<br>' +
          'E-mail yang "dikirim" oleh gateway e-mail bawaan, seperti notifikasi yang dipilih di Pengaturan (hanya mode demo). Halaman ini diperbarui setiap 5 detik.',
        filter: `<form method="get" action="/dev/email-outbox"><label>E-mail <input name="address" type="email" value="${escapeHtml(address ?? '')}" placeholder="budi.santoso@example.co.id"></label>
<button type="submit">Filter</button></form>`,
        head: '<th>Time / Waktu</th><th>To / Kepada</th><th>Subject and message / Subjek dan pesan</th>',
        rows,
        other: '<a href="/dev/outbox">SMS outbox / Kotak keluar SMS</a>',
      });
    },
  );
}
