import type { Queryable } from '../db/db';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import { ApiError } from '../http/api-error';
import { jakartaToday } from '../core-bank/history';

/**
 * Time deposits' automatic roll-over (ARO), started and stopped as verified flows. Stopping an ARO that
 * is not active is the spec's 0100 ("ARO inactive"); starting one on or after the maturity date is taken
 * but processed by the core at the next roll-over: the spec's CFM0068, a pending outcome.
 */

interface Deposit {
  id: number;
  accountNo: string;
  aro: boolean;
  maturityDate: string;
}

const DAY_MS = 86_400_000;

const refusal = (status: number, code: string, field: string, eng: [string, string], idn: [string, string]) =>
  new ApiError(
    status,
    'CLICKS',
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    { [`/form/${field}`]: { eng: eng[1], idn: idn[1] } },
  );

async function ownDeposit(db: Queryable, ctx: ServiceRequestContext, lock = false): Promise<Deposit> {
  const field = typeof ctx.params.field === 'string' ? ctx.params.field : 'deposit';
  const id = Number(ctx.form[field]);
  const { rows } = Number.isSafeInteger(id)
    ? await db.query<{ account_no: string; aro: boolean; maturity_date: Date | string }>(
        `SELECT a.account_no, d.aro, d.maturity_date FROM accounts a JOIN time_deposits d ON d.account_id = a.id
          WHERE a.id = $1 AND a.customer_id = $2 AND a.status = 'active'${lock ? ' FOR UPDATE OF d' : ''}`,
        [id, ctx.customerId],
      )
    : { rows: [] };
  const r = rows[0];
  if (!r)
    throw refusal(
      422,
      'DEPOSIT_NOT_AVAILABLE',
      field,
      ['Deposit not available', 'Please choose one of your own time deposits offered.'],
      ['Deposito tidak tersedia', 'Silakan pilih salah satu deposito Anda yang tersedia.'],
    );
  const maturity =
    r.maturity_date instanceof Date
      ? r.maturity_date.toISOString().slice(0, 10)
      : String(r.maturity_date).slice(0, 10);
  return { id, accountNo: r.account_no, aro: r.aro, maturityDate: maturity };
}

function refuse(d: Deposit, to: boolean, field: string) {
  if (!to && !d.aro)
    throw refusal(
      422,
      '0100',
      field,
      ['ARO inactive', 'Automatic roll-over is not active on this deposit, so there is nothing to stop.'],
      [
        'ARO tidak aktif',
        'Perpanjangan otomatis tidak aktif pada deposito ini, jadi tidak ada yang dihentikan.',
      ],
    );
  if (to && d.aro)
    throw refusal(
      422,
      'ARO_ALREADY_ACTIVE',
      field,
      ['ARO already active', 'Automatic roll-over is already active on this deposit.'],
      ['ARO sudah aktif', 'Perpanjangan otomatis sudah aktif pada deposito ini.'],
    );
}

const ARO = { true: { eng: 'Active', idn: 'Aktif' }, false: { eng: 'Inactive', idn: 'Tidak aktif' } };

function details(d: Deposit, to: boolean) {
  // On the maturity day the core has already taken the deposit out for roll-over or payout.
  const late = to && Date.parse(d.maturityDate) < Date.parse(jakartaToday(Date.now())) + DAY_MS;
  return {
    depositNo: d.accountNo,
    maturityDate: d.maturityDate,
    aroStatus: ARO[String(to) as 'true'],
    ...(late
      ? {
          processing: {
            eng: 'In progress (CFM0068): the roll-over applies from the next maturity. Check My Account later.',
            idn: 'Dalam proses (CFM0068): perpanjangan berlaku mulai jatuh tempo berikutnya. Periksa Rekening Saya nanti.',
          },
        }
      : {}),
  };
}

/** deposit.setAro: starts (params.to true) or stops (false) a deposit's automatic roll-over. */
const setAro: ServiceExecutor = {
  async check(db, ctx) {
    const d = await ownDeposit(db, ctx);
    const to = ctx.params.to === true;
    refuse(d, to, typeof ctx.params.field === 'string' ? ctx.params.field : 'deposit');
    return details(d, to);
  },
  async apply(tx, ctx) {
    const d = await ownDeposit(tx, ctx, true);
    const to = ctx.params.to === true;
    refuse(d, to, typeof ctx.params.field === 'string' ? ctx.params.field : 'deposit');
    await tx.query('UPDATE time_deposits SET aro = $2 WHERE account_id = $1', [d.id, to]);
    return details(d, to);
  },
};

export const depositServiceExecutors = { 'deposit.setAro': setAro } satisfies Record<string, ServiceExecutor>;
