import type { FastifyReply, FastifyRequest } from 'fastify';

// What My account's route files share.

export interface MyAccountAreaOptions {
  /** The clock (epoch ms); tests move it to cross statement dates. */
  now: () => number;
}

export function sessionOf(request: FastifyRequest) {
  const s = request.session;
  if (!s) throw new Error('authenticated route reached without a session');
  return s;
}

/** Sends a document: PDF bytes or CSV text, as an attachment with a file name. */
export function sendFile(reply: FastifyReply, body: Uint8Array | string, name: string, kind: 'pdf' | 'csv') {
  return reply
    .header('content-type', kind === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.${kind}"`)
    .send(typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body));
}
