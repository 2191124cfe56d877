import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { detectType, uploadFailed } from '../declarations/documents';

/**
 * Photos a flow's form asks for (identity checks: the e-KTP of a gold saving registration). The page
 * uploads the photo (from the camera or a file) before the inquiry and puts its id in the form; the
 * flow's executor takes it once, at confirm. JPEG or PNG by the file's first bytes, whatever its name
 * or the browser says; at most 2 MiB (a phone's camera picture is made smaller by the page first).
 */

export const PHOTO_RULES = { maxBytes: 2 * 1024 * 1024, keepHours: 24, perCustomerPerDay: 30 } as const;

export const photoProblems = {
  type: {
    eng: 'Only JPG and PNG photos can be uploaded.',
    idn: 'Hanya foto JPG dan PNG yang dapat diunggah.',
  },
  size: { eng: 'The photo is larger than 2 MB.', idn: 'Ukuran foto lebih dari 2 MB.' },
  empty: { eng: 'The photo is empty.', idn: 'Foto kosong.' },
  missing: { eng: 'Take or choose a photo to upload.', idn: 'Ambil atau pilih foto untuk diunggah.' },
  many: {
    eng: 'Too many photos today. Please try again tomorrow.',
    idn: 'Terlalu banyak foto hari ini. Silakan coba lagi besok.',
  },
} as const;

/** Checks and keeps a photo for a flow's form; throws "Upload failed, please try again" with why. */
export async function storePhoto(
  db: Queryable,
  customerId: number,
  flowId: string,
  bytes: Uint8Array,
): Promise<{ photoId: string; mime: 'image/jpeg' | 'image/png'; size: number }> {
  if (bytes.length === 0) throw uploadFailed(photoProblems.empty);
  if (bytes.length > PHOTO_RULES.maxBytes) throw uploadFailed(photoProblems.size, 413);
  const mime = detectType(bytes);
  if (mime !== 'image/jpeg' && mime !== 'image/png') throw uploadFailed(photoProblems.type, 415);
  // Photos nobody used are dropped after a day (the customer's own: one index range).
  await db.query(
    `DELETE FROM flow_photos WHERE customer_id = $1 AND created_at < now() - make_interval(hours => $2)`,
    [customerId, PHOTO_RULES.keepHours],
  );
  const photoId = randomBytes(16).toString('hex');
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO flow_photos (id, customer_id, flow_id, mime, size, sha256, content)
     SELECT $1, $2, $3, $4, $5, $6, $7
      WHERE (SELECT count(*) FROM flow_photos WHERE customer_id = $2) < $8
     RETURNING id`,
    [
      photoId,
      customerId,
      flowId,
      mime,
      bytes.length,
      createHash('sha256').update(bytes).digest('hex'),
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
      PHOTO_RULES.perCustomerPerDay,
    ],
  );
  if (!rows[0]) throw uploadFailed(photoProblems.many, 429, 'PHOTO_LIMIT');
  return { photoId, mime, size: bytes.length };
}

const photoNeeded = (field: string) =>
  new ApiError(
    422,
    'CLICKS',
    'PHOTO_REQUIRED',
    {
      titleEng: 'Photo needed',
      titleIdn: 'Foto diperlukan',
      messageEng: 'Take or upload the photo again: the one given is not available.',
      messageIdn: 'Ambil atau unggah foto lagi: foto yang diberikan tidak tersedia.',
    },
    { [`/form/${field}`]: { eng: 'Upload the photo again', idn: 'Unggah foto lagi' } },
  );

/**
 * The customer's photo for this flow, not yet used: checked at inquiry, and taken (used) at confirm in
 * the booking's transaction, so one photo serves one booking.
 */
export async function photoFor(
  db: Queryable,
  ids: { customerId: number; flowId: string; photoId: unknown; field: string },
  take = false,
): Promise<{ mime: string; size: number }> {
  const id = typeof ids.photoId === 'string' && /^[0-9a-f]{32}$/.test(ids.photoId) ? ids.photoId : '';
  const { rows } = await db.query<{ mime: string; size: number }>(
    take
      ? `UPDATE flow_photos SET used_at = now()
          WHERE id = $1 AND customer_id = $2 AND flow_id = $3 AND used_at IS NULL RETURNING mime, size`
      : `SELECT mime, size FROM flow_photos WHERE id = $1 AND customer_id = $2 AND flow_id = $3 AND used_at IS NULL`,
    [id, ids.customerId, ids.flowId],
  );
  if (!rows[0]) throw photoNeeded(ids.field);
  return rows[0];
}
