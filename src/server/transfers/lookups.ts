import { ApiError } from '../http/api-error';
import type { Lookup } from '../transactions/contracts';
import { swiftLookups } from './swift';
import { incomingRequestLookup } from './bifast-rfp';

/** "081234567890" / "6281234567890" / "+6281234567890" -> "+6281234567890", as accounts keep it. */
export function internationalPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  if (digits.startsWith('62')) return `+${digits}`;
  if (digits.startsWith('0')) return `+62${digits.slice(1)}`;
  return `+${digits}`;
}

/** No mobile-number account is registered to the number (spec 8: GOMOBILE 44). */
export function mobileNumberNotRegistered(field: string) {
  return new ApiError(
    422,
    'GOMOBILE',
    '44',
    {
      titleEng: 'Mobile number not registered',
      titleIdn: 'Nomor ponsel tidak terdaftar',
      messageEng: 'This mobile number has no mobile-number account. Please check the number.',
      messageIdn: 'Nomor ponsel ini tidak memiliki Rekening Ponsel. Silakan periksa nomornya.',
    },
    {
      [field]: {
        eng: 'No mobile-number account is registered to this number',
        idn: 'Tidak ada Rekening Ponsel yang terdaftar dengan nomor ini',
      },
    },
  );
}

/**
 * `account.mobileNumber`: the recipient's mobile-number account (Rekening Ponsel), found by the mobile
 * number it is registered to (form.beneficiaryPhone). Its account number is the credit account
 * (`"credit": { "accountNo": "inquiry.beneficiaryAccountNo" }`), never typed by the customer.
 */
export const transferLookups: Record<
  'account.mobileNumber' | 'swift.beneficiary' | 'bifast.incomingRequest',
  Lookup
> = {
  ...swiftLookups,
  'bifast.incomingRequest': incomingRequestLookup,
  'account.mobileNumber': async (ctx, params) => {
    const field = typeof params.phoneField === 'string' ? params.phoneField : 'beneficiaryPhone';
    const phone = internationalPhone(String(ctx.form[field] ?? ''));
    const { rows } = await ctx.db.query<{ account_no: string; full_name: string; currency: string }>(
      `SELECT a.account_no, c.full_name, a.currency FROM accounts a JOIN customers c ON c.id = a.customer_id
        WHERE a.details->>'rekpon' = 'true' AND a.details->>'phone' = $1 AND a.status = 'active'
          AND a.product = 'savings'
        ORDER BY a.id LIMIT 1`,
      [phone],
    );
    const r = rows[0];
    if (!r) throw mobileNumberNotRegistered(`/form/${field}`);
    return {
      beneficiaryPhone: phone,
      beneficiaryAccountNo: r.account_no,
      beneficiaryName: r.full_name.toUpperCase(),
      beneficiaryCurrency: r.currency.trim(),
      bankName: 'Bank CIMB Niaga',
    };
  },
};
