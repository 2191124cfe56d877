import { limitsAndUse } from '../transactions/limits';
import { checkRows, templateCsv as transferTemplate, TRANSFER_SHEET } from '../mass-transfer/parse';
import { METHOD_RULES, type ClearingMethod } from '../clearing/banks';
import { cellsOf, type BatchKind, type RowError } from './batch-kind';

/** Mass transfer: a row is a same-bank, online, BI-FAST, SKN or RTGS transfer. */

/** The transfer flow each method posts through (flows/transfer). */
const TRANSFER_FLOWS = {
  inhouse: 'transfer.samebank',
  online: 'transfer.online',
  bifast: 'transfer.bifast',
  skn: 'transfer.skn',
  rtgs: 'transfer.rtgs',
} as const;

const TRANSFER_COLUMN: Record<string, string> = {
  beneficiaryAccountNo: 'account_no',
  bankCode: 'bank_code',
  beneficiaryName: 'beneficiary_name',
  beneficiaryAddress: 'beneficiary_address',
  province: 'province',
  city: 'city',
  citizenship: 'citizenship',
  beneficiaryType: 'beneficiary_type',
  purpose: 'purpose',
  amount: 'amount',
  message: 'message',
};

const CITIZENSHIP: Record<string, string> = {
  '': 'indonesian',
  indonesian: 'indonesian',
  wni: 'indonesian',
  indonesia: 'indonesian',
  foreigner: 'foreigner',
  wna: 'foreigner',
  asing: 'foreigner',
};
const RECIPIENT_TYPE: Record<string, string> = {
  '': 'individual',
  individual: 'individual',
  perorangan: 'individual',
  government: 'government',
  pemerintah: 'government',
  company: 'company',
  perusahaan: 'company',
};

export const transferKind: BatchKind = {
  kind: 'transfer',
  shape: TRANSFER_SHEET,
  template: async () => transferTemplate(),
  columnOf: (_flowId, field) => TRANSFER_COLUMN[field] ?? 'row',
  // Networks with a cut-off (SKN, RTGS) clear on business days only; in-bank, online and BI-FAST every day.
  businessDaysOnly: (cells) => {
    const m = (cells.method ?? '').toLowerCase().replace(/[\s-]/g, '') as ClearingMethod;
    return !!(cells.bank_code && METHOD_RULES[m]?.cutOff);
  },
  async plan(raw, ctx, lines) {
    const { limits } = await limitsAndUse(ctx.db, ctx.customerId, 'transfer');
    const checked = checkRows(raw, limits, (i) => lines[i]!);
    return checked.map((c, i) => {
      const cells = cellsOf(TRANSFER_SHEET, raw[i]!);
      const errors = [...c.errors] as RowError[];
      const r = c.row;
      if (!r) return { line: c.line, cells, flowId: null, form: null, errors };
      const form: Record<string, unknown> = {
        beneficiaryAccountNo: r.accountNo,
        purpose: r.purpose,
        amount: r.amount,
        ...(r.message ? { message: r.message } : {}),
      };
      if (r.method !== 'inhouse') form.bankCode = r.bankCode;
      if (r.method === 'skn' || r.method === 'rtgs') {
        // The recipient's details these networks carry (spec section 3): address under 70, province, city.
        const address = cells.beneficiary_address ?? '';
        if (!address)
          errors.push({
            field: 'beneficiary_address',
            eng: 'Address is required for SKN and RTGS',
            idn: 'Alamat wajib diisi untuk SKN dan RTGS',
          });
        for (const f of ['province', 'city'] as const)
          if (!cells[f])
            errors.push({
              field: f,
              eng: `${f === 'city' ? 'City' : 'Province'} is required for SKN and RTGS`,
              idn: `${f === 'city' ? 'Kota' : 'Provinsi'} wajib diisi untuk SKN dan RTGS`,
            });
        const citizenship = CITIZENSHIP[(cells.citizenship ?? '').toLowerCase()];
        if (!citizenship)
          errors.push({
            field: 'citizenship',
            eng: 'Citizenship must be indonesian or foreigner',
            idn: 'Kewarganegaraan harus indonesian atau foreigner',
          });
        const type = RECIPIENT_TYPE[(cells.beneficiary_type ?? '').toLowerCase()];
        if (!type)
          errors.push({
            field: 'beneficiary_type',
            eng: 'Recipient type must be individual, government or company',
            idn: 'Jenis penerima harus individual, government, atau company',
          });
        Object.assign(form, {
          beneficiaryName: r.beneficiaryName,
          beneficiaryAddress: address,
          province: cells.province,
          city: cells.city,
          citizenship,
          beneficiaryType: type,
        });
      }
      return errors.length
        ? { line: c.line, cells, flowId: null, form: null, errors }
        : { line: c.line, cells, flowId: TRANSFER_FLOWS[r.method], form, errors };
    });
  },
};
