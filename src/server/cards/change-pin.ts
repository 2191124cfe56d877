import type { Queryable } from '../db/db';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import { ApiError } from '../http/api-error';
import { verifySecret } from '../auth/password';
import { clearFailures, failureKey, isLocked, recordFailure } from '../auth/failures';

/**
 * Change of a card's PIN (credit card: the card system's `credit_cards.pin_hash`; debit card:
 * `atm_cards.pin_hash`) as a verified flow. The form's PINs are secret fields: checked in clear at
 * inquiry (the current PIN against its argon2id hash; the new one not the current one, typed twice),
 * then kept by the engine only as hashes, so confirm stores the new PIN's hash as it is. Wrong current
 * PINs count on the card's own lock (5 guesses, 30 minutes), as the login's.
 */

interface PinCard {
  id: number;
  pinHash: string | null;
  details: Record<string, string>;
}

const refusal = (status: number, code: string, field: string, eng: [string, string], idn: [string, string]) =>
  new ApiError(
    status,
    'CLICKS',
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    { [`/form/${field}`]: { eng: eng[1], idn: idn[1] } },
  );

const E = {
  notAvailable: (field: string) =>
    refusal(
      422,
      'CARD_NOT_AVAILABLE',
      field,
      ['Card not available', 'Please choose one of your active cards offered.'],
      ['Kartu tidak tersedia', 'Silakan pilih salah satu kartu aktif Anda yang tersedia.'],
    ),
  sameAsOld: () =>
    refusal(
      422,
      'PIN_SAME_AS_OLD',
      'newPin',
      ['PIN not changed', 'The new PIN must be different from your current PIN.'],
      ['PIN tidak diubah', 'PIN baru harus berbeda dari PIN Anda saat ini.'],
    ),
  mismatch: () =>
    refusal(
      422,
      'PIN_MISMATCH',
      'confirmPin',
      ['PINs do not match', 'The confirmation does not match the new PIN.'],
      ['PIN tidak cocok', 'Konfirmasi tidak sama dengan PIN baru.'],
    ),
  wrongPin: () =>
    refusal(
      422,
      'WRONG_PIN',
      'oldPin',
      ['Wrong PIN', 'The current PIN you entered is not correct.'],
      ['PIN salah', 'PIN saat ini yang Anda masukkan tidak benar.'],
    ),
  locked: () =>
    refusal(
      423,
      'PIN_LOCKED',
      'oldPin',
      ['PIN change locked', 'Too many wrong PINs. Please try again in 30 minutes or call 14041.'],
      [
        'Ubah PIN dikunci',
        'Terlalu banyak PIN yang salah. Silakan coba lagi dalam 30 menit atau hubungi 14041.',
      ],
    ),
};

const fieldOf = (ctx: ServiceRequestContext) =>
  typeof ctx.params.field === 'string' ? ctx.params.field : 'card';

const asId = (v: unknown) => {
  const n = Number(v);
  return typeof v === 'string' && /^[1-9][0-9]{0,15}$/.test(v) && Number.isSafeInteger(n) ? n : undefined;
};

/** The customer's active credit card (its card system row holds the PIN). */
async function creditCard(db: Queryable, ctx: ServiceRequestContext, lock = false): Promise<PinCard> {
  const field = fieldOf(ctx);
  const id = asId(ctx.form[field]);
  const { rows } =
    id === undefined
      ? { rows: [] }
      : await db.query<{ id: string; pin_hash: string | null; masked_number: string; card_name: string }>(
          `SELECT a.id, k.pin_hash, c.masked_number, c.card_name
             FROM accounts a JOIN card_accounts c ON c.account_id = a.id JOIN credit_cards k ON k.account_id = a.id
            WHERE a.id = $1 AND a.customer_id = $2 AND a.product = 'credit_card'
              AND a.status = 'active' AND c.status = 'active' AND k.status = 'active'${lock ? ' FOR UPDATE OF k' : ''}`,
          [id, ctx.customerId],
        );
  const r = rows[0];
  if (!r) throw E.notAvailable(field);
  return {
    id: Number(r.id),
    pinHash: r.pin_hash,
    details: { cardName: r.card_name, cardNumber: r.masked_number },
  };
}

/** The customer's active debit card linked to internet banking. */
async function debitCard(db: Queryable, ctx: ServiceRequestContext, lock = false): Promise<PinCard> {
  const field = fieldOf(ctx);
  const id = asId(ctx.form[field]);
  const { rows } =
    id === undefined
      ? { rows: [] }
      : await db.query<{ id: string; pin_hash: string; card_last4: string; account_no: string }>(
          `SELECT k.id, k.pin_hash, k.card_last4, a.account_no
             FROM atm_cards k JOIN accounts a ON a.id = k.account_id
            WHERE k.id = $1 AND a.customer_id = $2 AND a.status = 'active' AND a.product IN ('savings', 'current')
              AND k.status = 'active' AND k.linked_at IS NOT NULL${lock ? ' FOR UPDATE OF k' : ''}`,
          [id, ctx.customerId],
        );
  const r = rows[0];
  if (!r) throw E.notAvailable(field);
  return {
    id: Number(r.id),
    pinHash: r.pin_hash,
    details: { cardNumber: `•••• ${r.card_last4}`, accountNo: r.account_no },
  };
}

/** An argon2id hash, as the engine keeps a secret field: confirm never stores a PIN in clear. */
const isHash = (v: unknown): v is string => typeof v === 'string' && v.startsWith('$argon2id$');

function changePin(
  kind: 'credit' | 'debit',
  load: (db: Queryable, ctx: ServiceRequestContext, lock?: boolean) => Promise<PinCard>,
  table: 'credit_cards' | 'atm_cards',
  keyColumn: 'account_id' | 'id',
): ServiceExecutor {
  return {
    async check(db, ctx) {
      const card = await load(db, ctx);
      const { oldPin, newPin, confirmPin } = ctx.form as Record<string, string>;
      if (newPin === oldPin) throw E.sameAsOld();
      if (confirmPin !== newPin) throw E.mismatch();
      const key = failureKey('cardpin', `${kind}:${card.id}`);
      if (await isLocked(db, key)) throw E.locked();
      if (!card.pinHash || !(await verifySecret(card.pinHash, String(oldPin)))) {
        throw (await recordFailure(db, key)) ? E.locked() : E.wrongPin();
      }
      await clearFailures(db, key);
      return card.details;
    },
    async apply(tx, ctx) {
      const card = await load(tx, ctx, true);
      const hash = ctx.form.newPin;
      if (!isHash(hash)) throw new Error('a new PIN reached confirm without being hashed');
      await tx.query(`UPDATE ${table} SET pin_hash = $2 WHERE ${keyColumn} = $1`, [card.id, hash]);
      return { ...card.details, pinChanged: { eng: 'Changed', idn: 'Diubah' } };
    },
  };
}

export const pinServiceExecutors = {
  'card.changePin': changePin('credit', creditCard, 'credit_cards', 'account_id'),
  'debitcard.changePin': changePin('debit', debitCard, 'atm_cards', 'id'),
} satisfies Record<string, ServiceExecutor>;
