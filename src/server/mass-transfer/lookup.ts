import type { Queryable } from '../db/db';
import type { ClearingHouse } from '../clearing/house';
import { REJECT_REASONS } from '../clearing/house';
import type { CheckedRow } from './parse';

export interface LookedUpRow extends CheckedRow {
  /** The beneficiary's name: from the bank's own accounts, the network (online, BI-FAST), or as typed (SKN, RTGS). */
  beneficiaryName?: string;
  bankName?: string;
}

/**
 * Looks every good row's beneficiary up: same-bank accounts in one query, other banks through the
 * clearing house (online and BI-FAST ask the network; SKN and RTGS take the typed name). A row whose
 * account is not found, closed or the customer's source account gets the error on its row.
 */
export async function lookupRows(
  db: Queryable,
  house: ClearingHouse,
  rows: CheckedRow[],
  opts: { sourceAccountNo?: string; concurrency?: number } = {},
): Promise<LookedUpRow[]> {
  const inhouse = rows.filter((r) => r.row?.method === 'inhouse').map((r) => r.row!.accountNo);
  const names = new Map<string, string>();
  if (inhouse.length) {
    const { rows: found } = await db.query<{ account_no: string; full_name: string }>(
      `SELECT a.account_no, c.full_name FROM accounts a JOIN customers c ON c.id = a.customer_id
        WHERE a.account_no = ANY($1::text[]) AND a.status = 'active' AND a.product IN ('savings', 'current')`,
      [[...new Set(inhouse)]],
    );
    for (const f of found) names.set(f.account_no, f.full_name.toUpperCase());
  }
  const out: LookedUpRow[] = rows.map((r) => ({ ...r, errors: [...r.errors] }));
  const notFound = {
    field: 'account_no' as const,
    eng: 'Beneficiary account number is not found',
    idn: 'Nomor rekening penerima tidak ditemukan',
  };
  const remote: LookedUpRow[] = [];
  for (const r of out) {
    const row = r.row;
    if (!row) continue;
    if (opts.sourceAccountNo && row.method === 'inhouse' && row.accountNo === opts.sourceAccountNo) {
      r.errors.push({
        field: 'account_no',
        eng: 'This is your source of fund',
        idn: 'Ini adalah sumber dana Anda',
      });
    } else if (row.method === 'inhouse') {
      const name = names.get(row.accountNo);
      if (name) {
        r.beneficiaryName = name;
        r.bankName = 'Bank CIMB Niaga';
      } else r.errors.push(notFound);
    } else if (row.method === 'online' || row.method === 'bifast') remote.push(r);
    else r.beneficiaryName = row.beneficiaryName;
  }
  // The network, a few at a time.
  const n = Math.max(1, opts.concurrency ?? 8);
  for (let i = 0; i < remote.length; i += n) {
    await Promise.all(
      remote.slice(i, i + n).map(async (r) => {
        const row = r.row!;
        const a = await house.lookup(row.bankCode, row.accountNo, row.method as 'online' | 'bifast');
        if (a.found) {
          r.beneficiaryName = a.name;
          r.bankName = a.bankName;
        } else if (a.reason === 'AC01') r.errors.push(notFound);
        else {
          const why = REJECT_REASONS[a.reason];
          r.errors.push({ field: 'account_no', eng: cap(why.eng), idn: cap(why.idn) });
        }
      }),
    );
  }
  for (const r of out) if (r.errors.length) r.row = null;
  return out;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
