import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { participant, METHOD_RULES, type ClearingMethod } from '../clearing/banks';

/**
 * A mass transfer sheet: CSV (papaparse) or XLSX (read-excel-file), up to MASS_TRANSFER_MAX_ROWS rows
 * under the template's header. Every row is checked on its own against spec section 5's transfer
 * rules and gets its own errors (in both languages, per column); a row repeating an earlier one
 * (same bank, account and amount) is a duplicate. Good rows are kept whatever the bad ones are.
 */
export const MASS_TRANSFER_MAX_ROWS = 1000;
/** The bank's own code: a row with it (or no bank) is a same-bank transfer. */
export const OWN_BANK_CODE = '022';

export const COLUMNS = [
  'account_no',
  'bank_code',
  'method',
  'beneficiary_name',
  'amount',
  'purpose',
  'message',
] as const;
export type Column = (typeof COLUMNS)[number];
/** Columns a sheet may add for SKN and RTGS rows (the recipient's details those networks carry). */
export const RECIPIENT_COLUMNS = [
  'beneficiary_address',
  'province',
  'city',
  'citizenship',
  'beneficiary_type',
] as const;

/** Which columns a sheet of one kind has, which of them it must have, and how many rows it may hold. */
export interface SheetShape {
  columns: readonly string[];
  required: readonly string[];
  maxRows: number;
}
export const TRANSFER_SHEET: SheetShape = {
  columns: [...COLUMNS, ...RECIPIENT_COLUMNS],
  required: ['account_no', 'amount'],
  maxRows: MASS_TRANSFER_MAX_ROWS,
};
export const PURPOSES = ['family', 'business', 'education', 'savings', 'other'] as const;
export type Purpose = (typeof PURPOSES)[number];
/** Indonesian words a sheet may use for the purposes. */
const PURPOSE_ALIASES: Record<string, Purpose> = {
  keluarga: 'family',
  bisnis: 'business',
  usaha: 'business',
  pendidikan: 'education',
  tabungan: 'savings',
  investasi: 'savings',
  lainnya: 'other',
  lain: 'other',
};

export interface MassRow {
  /** The row's line in the sheet (the header is line 1). */
  line: number;
  accountNo: string;
  bankCode: string;
  method: 'inhouse' | ClearingMethod;
  beneficiaryName: string;
  /** IDR minor units. */
  amount: number;
  purpose: Purpose;
  message: string;
}

export interface RowError {
  field: Column;
  eng: string;
  idn: string;
}

export interface CheckedRow {
  line: number;
  /** What was read, as text (shown back on the row). */
  cells: Record<Column, string>;
  row: MassRow | null;
  errors: RowError[];
}

export type SheetProblem = 'notASheet' | 'empty' | 'tooManyRows' | 'header';
export class SheetError extends Error {
  constructor(
    readonly problem: SheetProblem,
    readonly detail = '',
  ) {
    super(`mass transfer sheet: ${problem} ${detail}`);
  }
}

/** The template customers download: the header and one example of each kind of row. */
export function templateCsv(): string {
  return Papa.unparse({
    fields: [...COLUMNS, ...RECIPIENT_COLUMNS],
    data: [
      ['800123456789', '', '', '', '150000', 'family', 'Uang sekolah', '', '', '', '', ''],
      ['1234567890', '014', 'bifast', '', '250000', 'business', 'Invoice 1021', '', '', '', '', ''],
      [
        '1370012345678',
        '008',
        'skn',
        'Agus Pratama',
        '2000000',
        'other',
        '',
        'Jl. Merdeka 10',
        'DKI Jakarta',
        'Jakarta Pusat',
        'indonesian',
        'individual',
      ],
    ],
  });
}

type Cell = string | number | boolean | Date | null | undefined;

/** The sheet's rows as text cells, by the header's columns. */
export async function readRows(
  bytes: Uint8Array,
  fileName: string,
  shape: SheetShape = TRANSFER_SHEET,
): Promise<Record<string, string>[]> {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b; // "PK": an XLSX is a zip
  let table: Cell[][];
  if (isZip) {
    try {
      table = (await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length))) as Cell[][];
    } catch {
      throw new SheetError('notASheet');
    }
  } else {
    if (/\.xlsx?$/i.test(fileName) || bytes.includes(0)) throw new SheetError('notASheet');
    const text = Buffer.from(bytes)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
    if (parsed.errors.some((e) => e.type === 'Quotes')) throw new SheetError('notASheet');
    table = parsed.data;
  }
  const nonEmpty = table.filter((r) =>
    r.some((c) => c !== null && c !== undefined && String(c).trim() !== ''),
  );
  if (!nonEmpty.length) throw new SheetError('empty');
  const header = nonEmpty[0]!.map((c) =>
    String(c ?? '')
      .trim()
      .toLowerCase()
      .replace(/\s+/g, '_'),
  );
  const missing = shape.required.filter((c) => !header.includes(c));
  if (missing.length) throw new SheetError('header', missing.join(', '));
  const body = nonEmpty.slice(1);
  if (!body.length) throw new SheetError('empty');
  if (body.length > shape.maxRows) throw new SheetError('tooManyRows', String(body.length));
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, cellText(r[i])])));
}

function cellText(c: Cell): string {
  if (c === null || c === undefined) return '';
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  if (typeof c === 'number') return Number.isInteger(c) ? String(c) : String(Math.round(c * 100) / 100);
  return String(c).trim();
}

const E = (field: Column, eng: string, idn: string): RowError => ({ field, eng, idn });
const rpText = (minor: number) => ({
  eng: `IDR ${new Intl.NumberFormat('en-US').format(minor / 100)}`,
  idn: `Rp ${new Intl.NumberFormat('id-ID').format(minor / 100)}`,
});

/** "150000", "150.000", "150,000.50", "Rp 150.000" -> minor units; null when it is not an amount. */
export function parseRupiah(text: string): number | null {
  let t = text.replace(/^(rp|idr)\.?\s*/i, '').replace(/\s/g, '');
  if (!t) return null;
  // Thousands separators are dots (id) or commas (en); a last separator followed by 1-2 digits is the decimal one.
  const dec = /[.,](\d{1,2})$/.exec(t);
  let fraction = '00';
  if (dec && !/^\d{1,3}([.,]\d{3})+$/.test(t)) {
    fraction = dec[1]!.padEnd(2, '0');
    t = t.slice(0, dec.index);
  }
  t = t.replace(/[.,]/g, '');
  if (!/^\d{1,15}$/.test(t)) return null;
  const minor = Number(t) * 100 + Number(fraction);
  return Number.isSafeInteger(minor) ? minor : null;
}

export interface RowLimits {
  /** The transfer category's minimum and maximum per transaction (IDR minor units). */
  minAmount: number;
  maxPerTransaction: number;
}

/** Checks every row; duplicates name the earlier line (by default the sheet's: the header is line 1). */
export function checkRows(
  rows: Record<string, string>[],
  limits: RowLimits,
  lineOf: (index: number) => number = (i) => i + 2,
): CheckedRow[] {
  const seen = new Map<string, number>();
  return rows.map((raw, i) => {
    const line = lineOf(i);
    const cells = Object.fromEntries(COLUMNS.map((c) => [c, raw[c] ?? ''])) as Record<Column, string>;
    const errors: RowError[] = [];
    const accountNo = cells.account_no.replace(/[\s-]/g, '');
    if (!accountNo) errors.push(E('account_no', 'Account number is required', 'Nomor rekening wajib diisi'));
    else if (!/^\d+$/.test(accountNo))
      errors.push(E('account_no', 'Account number must be digits only', 'Nomor rekening hanya boleh angka'));
    else if (accountNo.length < 5 || accountNo.length > 18)
      errors.push(
        E('account_no', 'Account number must be 5 to 18 digits', 'Nomor rekening harus 5 sampai 18 digit'),
      );

    const bankCode = cells.bank_code.padStart(cells.bank_code ? 3 : 0, '0');
    const inhouse = bankCode === '' || bankCode === OWN_BANK_CODE;
    const bank = inhouse ? undefined : participant(bankCode);
    if (!inhouse && !bank)
      errors.push(
        E(
          'bank_code',
          'Bank destination is not in the list of banks',
          'Bank tujuan tidak ada dalam daftar bank',
        ),
      );
    let method: MassRow['method'] = 'inhouse';
    const m = cells.method.toLowerCase().replace(/[\s-]/g, '');
    if (!inhouse) {
      const wanted = (m === 'bifast' ? 'bifast' : m) as ClearingMethod;
      if (!m) errors.push(E('method', 'Choose a transfer method', 'Pilih metode transfer'));
      else if (!['online', 'bifast', 'skn', 'rtgs'].includes(wanted))
        errors.push(
          E(
            'method',
            'Method must be online, bifast, skn or rtgs',
            'Metode harus online, bifast, skn, atau rtgs',
          ),
        );
      else if (bank && !bank.methods.includes(wanted))
        errors.push(
          E('method', `${bank.name} does not take this method`, `${bank.name} tidak melayani metode ini`),
        );
      else method = wanted;
    }

    const name = cells.beneficiary_name.replace(/\s+/g, ' ').trim();
    const needsName = method === 'skn' || method === 'rtgs';
    if (needsName && !name)
      errors.push(E('beneficiary_name', 'Recipient name is required', 'Nama penerima wajib diisi'));
    else if (name.length >= 35)
      errors.push(
        E(
          'beneficiary_name',
          'Recipient name must be under 35 characters',
          'Nama penerima harus kurang dari 35 karakter',
        ),
      );
    else if (name && !/^[A-Za-z0-9 ,.\-']+$/.test(name))
      errors.push(
        E(
          'beneficiary_name',
          'Recipient name has characters that are not allowed',
          'Nama penerima berisi karakter yang tidak diizinkan',
        ),
      );

    const amount = parseRupiah(cells.amount);
    if (!cells.amount) errors.push(E('amount', 'Amount is required', 'Jumlah wajib diisi'));
    else if (amount === null || amount <= 0)
      errors.push(E('amount', 'Amount must be a number of rupiah', 'Jumlah harus berupa angka rupiah'));
    else {
      const rule = method === 'inhouse' ? null : METHOD_RULES[method];
      const min = Math.max(limits.minAmount, rule?.minAmount ?? 0);
      const max = Math.min(limits.maxPerTransaction, rule?.maxAmount ?? Number.MAX_SAFE_INTEGER);
      if (amount < min)
        errors.push(E('amount', `Minimum amount is ${rpText(min).eng}`, `Jumlah minimum ${rpText(min).idn}`));
      else if (amount > max)
        errors.push(
          E(
            'amount',
            `Maximum amount per transaction is ${rpText(max).eng}`,
            `Jumlah maksimum per transaksi ${rpText(max).idn}`,
          ),
        );
    }

    const p = cells.purpose.toLowerCase().trim();
    const purpose = (PURPOSES as readonly string[]).includes(p)
      ? (p as Purpose)
      : p
        ? PURPOSE_ALIASES[p]
        : 'other';
    if (!purpose)
      errors.push(
        E(
          'purpose',
          'Purpose must be family, business, education, savings or other',
          'Tujuan harus family, business, education, savings, atau other',
        ),
      );

    const message = cells.message;
    if (message.length > 35)
      errors.push(E('message', 'Message must be at most 35 characters', 'Berita maksimal 35 karakter'));
    else if (!/^[A-Za-z0-9 ,.-]*$/.test(message))
      errors.push(
        E(
          'message',
          'Message may have letters, digits, spaces, comma, dot and hyphen only',
          'Berita hanya boleh huruf, angka, spasi, koma, titik, dan tanda hubung',
        ),
      );

    if (amount !== null && accountNo) {
      const key = `${inhouse ? OWN_BANK_CODE : bankCode}:${accountNo}:${amount}`;
      const first = seen.get(key);
      if (first !== undefined)
        errors.push(E('account_no', `Duplicate of row ${first}`, `Duplikat baris ${first}`));
      else seen.set(key, line);
    }

    const row: MassRow | null = errors.length
      ? null
      : {
          line,
          accountNo,
          bankCode: inhouse ? OWN_BANK_CODE : bankCode,
          method,
          beneficiaryName: name.toUpperCase(),
          amount: amount!,
          purpose: purpose!,
          message,
        };
    return { line, cells, row, errors };
  });
}
