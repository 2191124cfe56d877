import type { FastifyInstance } from 'fastify';
import { readOutbox } from '../sms/gateway';

/** Development aids, present only in demo mode and in tests: never in production. */
export function devToolsEnabled(app: FastifyInstance): boolean {
  return app.demo || process.env.NODE_ENV === 'test';
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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

  // A plain page (no script at all; its style names the response's CSP nonce): the demo's "phone".
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
      const rows = messages
        .map(
          (m) =>
            `<tr><td>${escapeHtml(new Date(m.createdAt).toLocaleString('id-ID'))}</td><td>${escapeHtml(m.phone)}</td><td>${escapeHtml(m.text)}</td></tr>`,
        )
        .join('\n');
      reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5"><title>SMS outbox (development)</title>
<style nonce="${request.cspNonce}">body{font-family:system-ui,sans-serif;margin:24px;color:#222}h1{color:#8b0000;font-size:1.4rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:8px;text-align:left;vertical-align:top}
th{background:#f4f4f4}form{margin:12px 0}input{padding:6px}</style></head>
<body><h1>SMS outbox / Kotak keluar SMS</h1>
<p>Messages the built-in SMS gateway "sent" (demo mode only). This page refreshes every 5 seconds.<br>
Pesan yang "dikirim" oleh gateway SMS bawaan (hanya mode demo). Halaman ini diperbarui setiap 5 detik.</p>
<form method="get" action="/dev/outbox"><label>Phone / Nomor ponsel <input name="phone" value="${escapeHtml(phone ?? '')}" placeholder="+6281234567890"></label>
<button type="submit">Filter</button></form>
<table><thead><tr><th>Time / Waktu</th><th>Phone / Nomor</th><th>Text / Isi</th></tr></thead>
<tbody>${rows || '<tr><td colspan="3">No messages yet / Belum ada pesan</td></tr>'}</tbody></table></body></html>`;
    },
  );
}
