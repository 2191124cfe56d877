import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { cleanText } from '../http/input-guard';

/** What an underlying document may be, and how big. */
export const DOCUMENT_RULES = {
  maxBytes: 2 * 1024 * 1024,
  maxPerCustomer: 20,
  types: ['invoice', 'contract', 'education', 'medical', 'travel', 'other'] as const,
} as const;
export type DocumentType = (typeof DOCUMENT_RULES.types)[number];
export type DocumentMime = 'application/pdf' | 'image/jpeg' | 'image/png';

/** The file's type by its first bytes (whatever its name or the browser says): PDF, JPEG, PNG, or null. */
export function detectType(bytes: Uint8Array): DocumentMime | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

/** Spec section 5: "Upload failed, please try again", with why, in both languages. */
export function uploadFailed(
  why: { eng: string; idn: string },
  status = 422,
  code = 'UPLOAD_FAILED',
): ApiError {
  return new ApiError(
    status,
    'CLICKS',
    code,
    {
      titleEng: 'Upload failed, please try again',
      titleIdn: 'Unggah gagal, silakan coba lagi',
      messageEng: why.eng,
      messageIdn: why.idn,
    },
    { '/file': why },
  );
}

export const uploadProblems = {
  type: {
    eng: 'Only PDF, JPG and PNG files can be uploaded.',
    idn: 'Hanya berkas PDF, JPG, dan PNG yang dapat diunggah.',
  },
  size: { eng: 'The file is larger than 2 MB.', idn: 'Ukuran berkas lebih dari 2 MB.' },
  empty: { eng: 'The file is empty.', idn: 'Berkas kosong.' },
  missing: { eng: 'Choose a file to upload.', idn: 'Pilih berkas untuk diunggah.' },
  full: {
    eng: `You can keep up to ${DOCUMENT_RULES.maxPerCustomer} documents. Delete one to upload another.`,
    idn: `Anda dapat menyimpan hingga ${DOCUMENT_RULES.maxPerCustomer} dokumen. Hapus salah satu untuk mengunggah yang lain.`,
  },
  docType: { eng: 'Choose the type of document.', idn: 'Pilih jenis dokumen.' },
} as const;

export interface DocumentInfo {
  id: string;
  docType: DocumentType;
  description: string;
  fileName: string;
  mime: DocumentMime;
  size: number;
  uploadedAt: string;
}

interface DocumentRow {
  id: number;
  doc_type: DocumentType;
  description: string;
  file_name: string;
  mime: DocumentMime;
  size: number;
  created_at: Date | string;
}
const infoOf = (r: DocumentRow): DocumentInfo => ({
  id: String(r.id),
  docType: r.doc_type,
  description: r.description,
  fileName: r.file_name,
  mime: r.mime,
  size: r.size,
  uploadedAt: new Date(r.created_at).toISOString(),
});

/** A file name safe to store and to send back in Content-Disposition: its last path part, printable, short. */
export function cleanFileName(name: string, mime: DocumentMime): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[^\w.\- ()]/g, '_')
    .trim()
    .slice(0, 100);
  const ext = { 'application/pdf': '.pdf', 'image/jpeg': '.jpg', 'image/png': '.png' }[mime];
  const stem = base.replace(/\.[^.]*$/, '') || 'document';
  return `${stem}${ext}`;
}

/** Checks and stores a document; throws uploadFailed with the reason. */
export async function storeDocument(
  db: Queryable,
  customerId: number,
  input: { fileName: string; bytes: Uint8Array; docType: string; description?: string },
): Promise<DocumentInfo> {
  if (!(DOCUMENT_RULES.types as readonly string[]).includes(input.docType))
    throw uploadFailed(uploadProblems.docType);
  if (input.bytes.length === 0) throw uploadFailed(uploadProblems.empty);
  if (input.bytes.length > DOCUMENT_RULES.maxBytes) throw uploadFailed(uploadProblems.size, 413);
  const mime = detectType(input.bytes);
  if (!mime) throw uploadFailed(uploadProblems.type, 415);
  const description = cleanText(input.description ?? '')
    .trim()
    .slice(0, 100);
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const { rows } = await db.query<DocumentRow>(
    `INSERT INTO underlying_documents (customer_id, doc_type, description, file_name, mime, size, sha256, content)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8
      WHERE (SELECT count(*) FROM underlying_documents WHERE customer_id = $1 AND deleted_at IS NULL) < $9
     RETURNING id, doc_type, description, file_name, mime, size, created_at`,
    [
      customerId,
      input.docType,
      description,
      cleanFileName(input.fileName, mime),
      mime,
      input.bytes.length,
      sha256,
      Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.length),
      DOCUMENT_RULES.maxPerCustomer,
    ],
  );
  if (!rows[0]) throw uploadFailed(uploadProblems.full, 409, 'DOCUMENT_LIMIT');
  return infoOf(rows[0]);
}

export async function listDocuments(db: Queryable, customerId: number): Promise<DocumentInfo[]> {
  const { rows } = await db.query<DocumentRow>(
    `SELECT id, doc_type, description, file_name, mime, size, created_at FROM underlying_documents
      WHERE customer_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id DESC`,
    [customerId],
  );
  return rows.map(infoOf);
}

export const documentNotFound = () =>
  new ApiError(404, 'CLICKS', 'DOCUMENT_NOT_FOUND', {
    titleEng: 'Document not found',
    titleIdn: 'Dokumen tidak ditemukan',
    messageEng: 'This document no longer exists.',
    messageIdn: 'Dokumen ini sudah tidak ada.',
  });

/** Deletes a document of this customer: its bytes are dropped at once. */
export async function deleteDocument(db: Queryable, customerId: number, id: number): Promise<void> {
  const { rowCount } = await db.query(
    `UPDATE underlying_documents SET deleted_at = now(), content = NULL
      WHERE id = $1 AND customer_id = $2 AND deleted_at IS NULL`,
    [id, customerId],
  );
  if (rowCount !== 1) throw documentNotFound();
}

/** A document's bytes, for its owner only. */
export async function readDocument(
  db: Queryable,
  customerId: number,
  id: number,
): Promise<{ info: DocumentInfo; bytes: Buffer } | null> {
  const { rows } = await db.query<DocumentRow & { content: Uint8Array }>(
    `SELECT id, doc_type, description, file_name, mime, size, created_at, content FROM underlying_documents
      WHERE id = $1 AND customer_id = $2 AND deleted_at IS NULL`,
    [id, customerId],
  );
  const r = rows[0];
  return r ? { info: infoOf(r), bytes: Buffer.from(r.content) } : null;
}
