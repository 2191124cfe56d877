import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import type { ChoiceSource, Lookup } from '../transactions/contracts';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import { participants, METHOD_RULES } from '../clearing/banks';
import { clearingHouse } from '../clearing/registry';
import { lookupInterbank } from '../clearing/provider';

/** A request for payment is valid this long after it is sent. */
export const REQUEST_VALID_MS = 3 * 86_400_000;

type ProxyType = 'mobile' | 'email';

const proxyNotFound = (field: string) =>
  new ApiError(
    422,
    'BIFAST',
    'U805',
    {
      titleEng: 'Proxy not registered',
      titleIdn: 'Proxy tidak terdaftar',
      messageEng: 'This mobile number or email is not registered as a BI-FAST proxy at any bank.',
      messageIdn: 'Nomor ponsel atau email ini tidak terdaftar sebagai proxy BI-FAST di bank mana pun.',
    },
    {
      [field]: {
        eng: 'Not registered as a BI-FAST proxy',
        idn: 'Tidak terdaftar sebagai proxy BI-FAST',
      },
    },
  );

const requestNotOpen = () =>
  new ApiError(
    422,
    'CLICKS',
    'REQUEST_NOT_OPEN',
    {
      titleEng: 'Request not available',
      titleIdn: 'Permintaan tidak tersedia',
      messageEng: 'This request for payment was paid, has expired or is not yours.',
      messageIdn: 'Permintaan pembayaran ini sudah dibayar, kedaluwarsa, atau bukan milik Anda.',
    },
    { '/form/request': { eng: 'Choose an open request', idn: 'Pilih permintaan yang masih berlaku' } },
  );

/**
 * The BI-FAST proxy directory (simulated, as the clearing house is): a proxy (a mobile number or an
 * email alias) names one account at a BI-FAST bank, the same every time. Proxies ending 0404 (or
 * whose name part ends 404) are not registered.
 */
export async function resolveProxy(type: ProxyType, proxy: string, field: string) {
  const key = type === 'email' ? proxy.trim().toLowerCase() : proxy.replace(/\D/g, '');
  if (type === 'mobile' ? key.endsWith('0404') : /404@/.test(key)) throw proxyNotFound(field);
  const h = createHash('sha256').update(`proxy:${type}:${key}`).digest();
  const banks = participants().filter((p) => p.methods.includes('bifast'));
  const bank = banks[h[0]! % banks.length]!;
  const accountNo = String(1_000_000_000 + (h.readUInt32BE(1) % 8_999_999_999)).slice(0, 10);
  const found = await clearingHouse.lookup(bank.code, accountNo, 'bifast');
  if (!found.found) throw proxyNotFound(field);
  return { bankCode: bank.code, bankName: bank.name, accountNo, name: found.name };
}

const proxyOf = (form: Record<string, unknown>) => ({
  type: (form.proxyType === 'email' ? 'email' : 'mobile') as ProxyType,
  proxy: String((form.proxyType === 'email' ? form.email : form.mobileNumber) ?? ''),
  field: form.proxyType === 'email' ? '/form/email' : '/form/mobileNumber',
});

const reference = () => `RFP${Date.now().toString().slice(-10)}${randomUUID().slice(0, 6).toUpperCase()}`;

/** The amount of a request, within BI-FAST's bounds. */
function checkAmount(amount: number) {
  const rule = METHOD_RULES.bifast;
  const rp = (n: number) => ({
    eng: `IDR ${new Intl.NumberFormat('en-US').format(n / 100)}`,
    idn: `Rp ${new Intl.NumberFormat('id-ID').format(n / 100)}`,
  });
  const low = amount < rule.minAmount;
  if (!low && amount <= rule.maxAmount!) return;
  const bound = rp(low ? rule.minAmount : rule.maxAmount!);
  const text = low
    ? { eng: `The minimum for BI-FAST is ${bound.eng}`, idn: `Minimum BI-FAST adalah ${bound.idn}` }
    : { eng: `The maximum for BI-FAST is ${bound.eng}`, idn: `Maksimum BI-FAST adalah ${bound.idn}` };
  throw new ApiError(
    422,
    'CLICKS',
    low ? 'AMOUNT_BELOW_MINIMUM' : 'AMOUNT_ABOVE_MAXIMUM',
    {
      titleEng: low ? 'Amount below minimum' : 'Amount above maximum',
      titleIdn: low ? 'Jumlah di bawah minimum' : 'Jumlah melebihi maksimum',
      messageEng: `${text.eng}.`,
      messageIdn: `${text.idn}.`,
    },
    { '/form/amount': text },
  );
}

async function receivingAccount(db: Queryable, ctx: ServiceRequestContext) {
  const { rows } = await db.query<{ id: number; account_no: string }>(
    `SELECT id, account_no FROM accounts WHERE id = $1 AND customer_id = $2 AND status = 'active'
        AND product IN ('savings', 'current') AND currency = 'IDR'`,
    [Number(ctx.form.account), ctx.customerId],
  );
  if (!rows[0])
    throw new ApiError(
      422,
      'CLICKS',
      'ACCOUNT_NOT_ALLOWED',
      {
        titleEng: 'Account not available',
        titleIdn: 'Rekening tidak tersedia',
        messageEng: 'Please choose one of your rupiah accounts offered.',
        messageIdn: 'Silakan pilih salah satu rekening rupiah Anda yang tersedia.',
      },
      { '/form/account': { eng: 'Choose one of the options', idn: 'Pilih salah satu pilihan' } },
    );
  return { id: Number(rows[0].id), accountNo: rows[0].account_no };
}

/**
 * `bifast.requestPayment` (a flow that moves no money): sends a request for payment to the customer
 * of another bank behind a proxy; the money is to reach form.account. The proxy is resolved at
 * inquiry (the payer's name and bank shown on verify), the request recorded at confirm.
 */
export const requestPayment: ServiceExecutor = {
  async check(db, ctx) {
    await receivingAccount(db, ctx);
    checkAmount(Number(ctx.form.amount ?? 0));
    const p = proxyOf(ctx.form);
    const payer = await resolveProxy(p.type, p.proxy, p.field);
    return { payerName: payer.name, payerBankName: payer.bankName };
  },
  async apply(tx, ctx) {
    const account = await receivingAccount(tx, ctx);
    const p = proxyOf(ctx.form);
    const payer = await resolveProxy(p.type, p.proxy, p.field);
    const ref = reference();
    const expiresAt = new Date(Date.now() + REQUEST_VALID_MS);
    await tx.query(
      `INSERT INTO bifast_payment_requests (reference, customer_id, direction, proxy_type, proxy, counterparty_name,
         counterparty_bank, counterparty_account, account_id, amount, message, expires_at, journal_id)
       VALUES ($1, $2, 'outgoing', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        ref,
        ctx.customerId,
        p.type,
        p.proxy,
        payer.name,
        payer.bankCode,
        payer.accountNo,
        account.id,
        Number(ctx.form.amount),
        String(ctx.form.message ?? ''),
        expiresAt.toISOString(),
        ctx.journalId,
      ],
    );
    return { requestReference: ref, requestExpiresAt: expiresAt.toISOString() };
  },
};

/** Incoming requests still to pay: not expired, not paid by a transfer that is not failed. */
const OPEN_INCOMING = `
  SELECT r.* FROM bifast_payment_requests r
   WHERE r.customer_id = $1 AND r.direction = 'incoming' AND r.status = 'sent' AND r.expires_at > now()
     AND NOT EXISTS (SELECT 1 FROM journal j WHERE j.customer_id = r.customer_id AND j.status <> 'failed'
                      AND j.details #>> '{receipt,details,requestReference}' = r.reference)`;

interface RequestRow {
  reference: string;
  counterparty_name: string;
  counterparty_bank: string;
  counterparty_account: string;
  amount: number;
  message: string;
  expires_at: Date | string;
}

/** `bifast.incomingRequests`: the customer's open incoming requests, by reference. */
export const incomingRequests: ChoiceSource = async ({ db, customerId }) => {
  const { rows } = await db.query<RequestRow>(`${OPEN_INCOMING} ORDER BY r.created_at DESC, r.id DESC`, [
    customerId,
  ]);
  const rp = (n: number, lang: string) =>
    new Intl.NumberFormat(lang, { minimumFractionDigits: 0 }).format(Number(n) / 100);
  return rows.map((r) => ({
    value: r.reference,
    labelEng: `${r.counterparty_name} - IDR ${rp(r.amount, 'en-US')}${r.message ? ` - ${r.message}` : ''}`,
    labelIdn: `${r.counterparty_name} - Rp ${rp(r.amount, 'id-ID')}${r.message ? ` - ${r.message}` : ''}`,
    detail: { amount: { amount: Number(r.amount), currency: 'IDR' } },
  }));
};

/**
 * `bifast.incomingRequest`: the open incoming request chosen (form.request), to be paid by BI-FAST to
 * the requester's account: the clearing look-up's details (the `clearing.transfer` executor sends
 * them) plus the request's reference, which marks it paid once the transfer is not failed.
 */
export const incomingRequestLookup: Lookup = async (ctx) => {
  const { rows } = await ctx.db.query<RequestRow>(`${OPEN_INCOMING} AND r.reference = $2`, [
    ctx.customerId,
    String(ctx.form.request ?? ''),
  ]);
  const r = rows[0];
  if (!r) throw requestNotOpen();
  const details = await lookupInterbank(
    clearingHouse,
    {
      method: 'bifast',
      bankCode: r.counterparty_bank.trim(),
      accountNo: r.counterparty_account,
      amount: Number(r.amount),
      currency: 'IDR',
      fields: { bank: '/form/request', account: '/form/request', amount: '/form/request' },
    },
    randomUUID,
  );
  return {
    ...details,
    requestReference: r.reference,
    requestMessage: r.message || undefined,
    requestExpiresAt: new Date(r.expires_at).toISOString(),
  };
};

/**
 * Demo data: requests other banks' customers sent to `customerId` (Budi's landlord and a shop), open
 * for three days. Idempotent: nothing is added when the customer has any incoming request.
 */
export async function seedIncomingRequests(db: Queryable, customerId: number): Promise<void> {
  const { rows } = await db.query(
    `SELECT 1 FROM bifast_payment_requests WHERE customer_id = $1 AND direction = 'incoming' LIMIT 1`,
    [customerId],
  );
  if (rows.length) return;
  const requests: Array<[string, string, number, string]> = [
    ['081298765431', 'mobile', 350_000_000, 'Sewa kos Desember'],
    ['tokobaju.sinar@example.com', 'email', 27_500_000, 'Invoice INV-2291'],
  ];
  for (const [proxy, type, amount, message] of requests) {
    const who = await resolveProxy(type as ProxyType, proxy, '/proxy');
    await db.query(
      `INSERT INTO bifast_payment_requests (reference, customer_id, direction, proxy_type, proxy, counterparty_name,
         counterparty_bank, counterparty_account, amount, message, expires_at)
       VALUES ($1, $2, 'incoming', $3, $4, $5, $6, $7, $8, $9, now() + interval '3 days')`,
      [reference(), customerId, type, proxy, who.name, who.bankCode, who.accountNo, amount, message],
    );
  }
}
