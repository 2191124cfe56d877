import { createHash } from 'node:crypto';
import { ApiError } from '../http/api-error';
import { apiErrorBody } from '../../shared/api-error';
import type { ProviderOutcome } from '../transactions/contracts';

/**
 * Simulated billers, generic: everything a biller needs comes from its flow file's params
 * (billerCode, billerName, minAmount, maxAmount, participantFee). Outcomes are keyed on the last
 * digits of the customer number; see README.md beside this file for the magic numbers.
 */

/** Latency of a simulated call in ms: BILLER_LATENCY_MS, else 0 in tests and 40 elsewhere. */
export function billerLatencyMs(): number {
  const env = process.env.BILLER_LATENCY_MS;
  if (env !== undefined && env !== '') return Math.max(0, Number(env) || 0);
  return process.env.NODE_ENV === 'test' ? 0 : 40;
}

/**
 * How long a payment answered "in progress" stays so at the simulated biller before its final answer
 * (BILLER_PENDING_MS, default one minute): what a status inquiry about it says depends on its age.
 */
export function billerPendingMs(): number {
  const env = process.env.BILLER_PENDING_MS;
  if (env !== undefined && env !== '') return Math.max(0, Number(env) || 0);
  return 60_000;
}

export const sleep = (ms: number) =>
  ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve();

/** A few stable numbers derived from a customer number. */
export function seedOf(text: string): number[] {
  const h = createHash('sha256').update(text).digest();
  return [h.readUInt32BE(0), h.readUInt32BE(4), h.readUInt32BE(8), h.readUInt32BE(12)];
}

const FIRST = [
  'Agus',
  'Siti',
  'Budi',
  'Dewi',
  'Rudi',
  'Rina',
  'Andi',
  'Yulia',
  'Hendra',
  'Wulan',
  'Eko',
  'Fitri',
  'Joko',
  'Maya',
  'Bambang',
  'Lestari',
];
const LAST = [
  'Pratama',
  'Wijaya',
  'Saputra',
  'Lestari',
  'Hidayat',
  'Kusuma',
  'Nugroho',
  'Permata',
  'Santoso',
  'Rahayu',
  'Setiawan',
  'Siregar',
  'Harahap',
  'Gunawan',
];

export function personName(seed: number[]): string {
  return `${FIRST[seed[0]! % FIRST.length]} ${LAST[seed[1]! % LAST.length]}`.toUpperCase();
}

const ESB = 'ESB';
export const billerErrors = {
  notFound: (field: string) =>
    new ApiError(
      422,
      ESB,
      '0014',
      {
        titleEng: 'Customer number not found',
        titleIdn: 'Nomor pelanggan tidak ditemukan',
        messageEng: 'The customer number is not registered with the biller. Please check it and try again.',
        messageIdn: 'Nomor pelanggan tidak terdaftar pada biller. Silakan periksa kembali.',
      },
      { [field]: { eng: 'Customer number not found', idn: 'Nomor pelanggan tidak ditemukan' } },
    ),
  alreadyPaid: () =>
    new ApiError(422, ESB, '0088', {
      titleEng: 'Bill already paid',
      titleIdn: 'Tagihan sudah dibayar',
      messageEng: 'The bill of this customer number for this period has already been paid.',
      messageIdn: 'Tagihan nomor pelanggan ini untuk periode ini sudah dibayar.',
    }),
  noBill: () =>
    new ApiError(422, ESB, '0016', {
      titleEng: 'No bill yet',
      titleIdn: 'Belum ada tagihan',
      messageEng: 'The biller has no bill for this customer number yet. Please try again once it is issued.',
      messageIdn:
        'Biller belum menerbitkan tagihan untuk nomor pelanggan ini. Silakan coba lagi setelah tagihan terbit.',
    }),
  timeout: () =>
    new ApiError(504, ESB, '0068', {
      titleEng: 'Connection time-out, unable to load data',
      titleIdn: 'Koneksi terputus, data tidak dapat dimuat',
      messageEng: 'The biller did not answer in time. Please try again in a few minutes.',
      messageIdn: 'Biller tidak merespons tepat waktu. Silakan coba beberapa saat lagi.',
    }),
};

export interface BillParams {
  billerCode?: string;
  billerName?: string;
  /** Bill range in minor units (defaults Rp 50.000 to Rp 1.500.000). */
  minAmount?: number;
  maxAmount?: number;
  /** When set, the bill is participants x this fee (BPJS-like family bills). */
  participantFee?: number;
}

export interface Bill {
  billerCode: string;
  billerName: string;
  customerNumber: string;
  customerName: string;
  billAmount: number;
  period: string;
  participants?: number;
}

const MONTHS_ID = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];

/** Looks a bill up; throws the biller's errors for the magic numbers. */
export async function lookupBill(params: BillParams, customerNumber: string, field: string): Promise<Bill> {
  await sleep(billerLatencyMs());
  if (customerNumber.endsWith('0404')) throw billerErrors.notFound(field);
  if (customerNumber.endsWith('0200')) throw billerErrors.alreadyPaid();
  if (customerNumber.endsWith('0204')) throw billerErrors.noBill();
  if (customerNumber.endsWith('0504')) throw billerErrors.timeout();
  const seed = seedOf(`${params.billerCode ?? ''}:${customerNumber}`);
  const now = new Date();
  const period = `${MONTHS_ID[now.getUTCMonth()]} ${now.getUTCFullYear()}`;
  let billAmount: number;
  let participants: number | undefined;
  if (params.participantFee) {
    participants = 1 + (seed[2]! % 5);
    billAmount = participants * params.participantFee;
  } else {
    const min = params.minAmount ?? 5_000_000;
    const max = params.maxAmount ?? 150_000_000;
    // Whole hundreds of rupiah, as real bills are.
    billAmount = min + Math.floor((seed[2]! % (max - min + 1)) / 10_000) * 10_000;
  }
  return {
    billerCode: params.billerCode ?? 'BILLER',
    billerName: params.billerName ?? params.billerCode ?? 'Biller',
    customerNumber,
    customerName: personName(seed),
    billAmount,
    period,
    ...(participants ? { participants } : {}),
  };
}

export type { ProviderOutcome };

const err = apiErrorBody;

/** The answer of the biller or operator for a payment, keyed on the number's last digits. */
export function providerOutcome(number: string): ProviderOutcome {
  const inProgress = (source: string, code: string) =>
    err(
      source,
      code,
      [
        'Transaction in progress',
        'Your transaction is being processed. Please check your transaction history later.',
      ],
      [
        'Transaksi sedang diproses',
        'Transaksi Anda sedang diproses. Silakan periksa riwayat transaksi Anda nanti.',
      ],
    );
  if (number.endsWith('2018')) return { ok: false, error: inProgress('ESB', '2018') };
  if (number.endsWith('2066')) return { ok: false, error: inProgress('ESB', '2066') };
  if (number.endsWith('0097')) return { ok: false, error: inProgress('CLICKS', '0097') };
  if (number.endsWith('0500')) return { ok: false, error: rejected() };
  return paid(number);
}

const rejected = () =>
  err(
    'ESB',
    '0005',
    ['Transaction failed', 'The biller rejected the transaction. Your balance has not been charged.'],
    ['Transaksi gagal', 'Biller menolak transaksi. Saldo Anda tidak terpotong.'],
  );

const paid = (number: string): ProviderOutcome => {
  const seed = seedOf(`pay:${number}:${Date.now()}`);
  return { ok: true, details: { billerReference: String(seed[0]).padStart(10, '0').slice(0, 10) } };
};

/** Pays: waits the simulated latency, then answers. */
export async function payProvider(number: string): Promise<ProviderOutcome> {
  await sleep(billerLatencyMs());
  return providerOutcome(number);
}

/**
 * A status inquiry about a payment sent at `sentAt` (the bank asks again about one it holds as in
 * progress): in progress until billerPendingMs() has passed, then final: paid, except a number ending
 * 2066, which the biller then rejects (ESB 0005). Any other number answers as its payment did.
 */
export async function providerStatus(number: string, sentAt: Date): Promise<ProviderOutcome> {
  await sleep(billerLatencyMs());
  const first = providerOutcome(number);
  if (first.ok || first.error.errorCode === '0005') return first;
  if (Date.now() - sentAt.getTime() < billerPendingMs()) return first;
  return number.endsWith('2066') ? { ok: false, error: rejected() } : paid(number);
}
