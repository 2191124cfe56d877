import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';

/**
 * The e-KTP check of a gold saving registration: the NIK's own structure (province, date of birth, a
 * woman's day plus 40), the customer's date of birth as the bank knows it, and the population
 * registry (Dukcapil), simulated at the bank's edge: a NIK ending 0404 is not found there.
 */

const refusal = (code: string, eng: [string, string], idn: [string, string]) =>
  new ApiError(
    422,
    'DUKCAPIL',
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    { '/form/nik': { eng: eng[1], idn: idn[1] } },
  );

export const ektpErrors = {
  invalid: () =>
    refusal(
      'EKTP_INVALID',
      ['Check the NIK', 'The NIK is the 16-digit number at the top of your e-KTP.'],
      ['Periksa NIK', 'NIK adalah 16 digit angka di bagian atas e-KTP Anda.'],
    ),
  mismatch: () =>
    refusal(
      'EKTP_MISMATCH',
      ['NIK does not match', 'The NIK does not match the date of birth we have for you.'],
      ['NIK tidak sesuai', 'NIK tidak sesuai dengan tanggal lahir yang tercatat pada kami.'],
    ),
  notFound: () =>
    refusal(
      'EKTP_NOT_FOUND',
      [
        'NIK not found',
        'The population registry does not know this NIK. Check it, or visit a branch with your e-KTP.',
      ],
      [
        'NIK tidak ditemukan',
        'NIK tidak terdaftar di Dukcapil. Periksa kembali, atau kunjungi cabang dengan e-KTP Anda.',
      ],
    ),
};

/** The date of birth a NIK carries ("DDMMYY" at digits 7-12; a woman's day is plus 40). */
export function nikBirth(nik: string): { day: number; month: number; yy: number } | null {
  if (!/^\d{16}$/.test(nik)) return null;
  const province = Number(nik.slice(0, 2));
  let day = Number(nik.slice(6, 8));
  const month = Number(nik.slice(8, 10));
  if (day > 40) day -= 40;
  if (province < 11 || province > 94 || day < 1 || day > 31 || month < 1 || month > 12) return null;
  return { day, month, yy: Number(nik.slice(10, 12)) };
}

export async function checkEktp(db: Queryable, customerId: number, nik: string): Promise<void> {
  const birth = nikBirth(nik);
  if (!birth) throw ektpErrors.invalid();
  const { rows } = await db.query<{ dob: string | null }>(
    `SELECT to_char(date_of_birth, 'YYYY-MM-DD') AS dob FROM customers WHERE id = $1`,
    [customerId],
  );
  const dob = rows[0]?.dob;
  if (dob) {
    const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
    if (birth.day !== d || birth.month !== m || birth.yy !== y % 100) throw ektpErrors.mismatch();
  }
  if (nik.endsWith('0404')) throw ektpErrors.notFound();
}
