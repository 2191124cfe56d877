// An upload as a browser's FormData sends it, for the routes that take a file (documents, sheets).

import type { FastifyInstance } from 'fastify';
import { followToken, type Answer } from './requests';

/** A multipart/form-data body as a browser's FormData sends it: the fields, then the file. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Uint8Array; field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads as a signed-in customer (the headers follow the session's token, as post() does). */
export async function upload(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Uint8Array },
) {
  const body = multipartBody(fields, file);
  const sent = headers.authorization;
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  followToken(headers, sent, res.headers);
  return { status: res.statusCode, body: res.json() as Answer['body'] };
}
