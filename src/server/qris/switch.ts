import { randomInt } from 'node:crypto';
import { apiErrorBody } from '../../shared/api-error';
import type { Provider, ProviderOutcome } from '../transactions/contracts';

/**
 * The QRIS switch, simulated: the national switch that carries a payment to another acquirer's
 * merchant (off us). The money is held while it answers; the settlement machinery
 * (transactions/settlement.ts) asks again about a payment in progress or unanswered until it is paid
 * or refused and given back. Outcomes are keyed on the last 4 digits of the merchant's NMID
 * (README.md beside this file), as the billers' simulator keys them on the customer number.
 */

/** Latency of a switch call in ms: QRIS_SWITCH_LATENCY_MS, else 0 in tests and 60 elsewhere. */
export function switchLatencyMs(): number {
  const env = process.env.QRIS_SWITCH_LATENCY_MS;
  if (env !== undefined && env !== '') return Math.max(0, Number(env) || 0);
  return process.env.NODE_ENV === 'test' ? 0 : 60;
}

/** How long a payment answered "in progress" stays so at the switch (QRIS_SWITCH_PENDING_MS, default one minute). */
export function switchPendingMs(): number {
  const env = process.env.QRIS_SWITCH_PENDING_MS;
  if (env !== undefined && env !== '') return Math.max(0, Number(env) || 0);
  return 60_000;
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());

/** The switch's "in progress" (ISO 8583's 68, response received too late); the flow lists it as pending. */
export const SWITCH_PENDING = { sourceSystem: 'QRIS', errorCode: '68' } as const;

const inProgress = (): ProviderOutcome => ({
  ok: false,
  error: apiErrorBody(
    SWITCH_PENDING.sourceSystem,
    SWITCH_PENDING.errorCode,
    [
      'Payment in progress',
      "The merchant's bank has not confirmed the payment yet. Please check your transaction history later.",
    ],
    [
      'Pembayaran sedang diproses',
      'Bank merchant belum mengonfirmasi pembayaran. Silakan periksa riwayat transaksi Anda nanti.',
    ],
  ),
});

const refused = (): ProviderOutcome => ({
  ok: false,
  error: apiErrorBody(
    'QRIS',
    '05',
    [
      'Payment refused',
      "The merchant's bank refused the payment. The money has been returned to your account.",
    ],
    ['Pembayaran ditolak', 'Bank merchant menolak pembayaran. Dana telah dikembalikan ke rekening Anda.'],
  ),
});

const paid = (): ProviderOutcome => ({
  ok: true,
  details: {
    switchReference: String(randomInt(0, 1e9)).padStart(9, '0') + String(randomInt(0, 1e3)).padStart(3, '0'),
  },
});

/** The NMID's last 4 digits say what the switch answers (README.md). */
const endingOf = (details: Record<string, unknown>) => String(details.nmid ?? '').slice(-4);

/** The switch's first answer to a payment; a time-out (0504) throws: no answer at all. */
function firstAnswer(ending: string): ProviderOutcome {
  if (ending === '0504') throw new Error('QRIS switch: no answer (time-out)');
  if (ending === '0500') return refused();
  if (ending === '2018' || ending === '2066') return inProgress();
  return paid();
}

export const qrisSwitch: Provider = {
  async pay(details) {
    await sleep(switchLatencyMs());
    return firstAnswer(endingOf(details));
  },
  /** A status inquiry about a payment sent at `sentAt`: in progress until switchPendingMs(), then final. */
  async status(details, _params, sentAt, ctx) {
    await sleep(switchLatencyMs());
    const ending = endingOf(details);
    if (ending === '0500') return refused();
    const now = ctx?.now ?? new Date();
    if ((ending === '2018' || ending === '2066') && now.getTime() - sentAt.getTime() < switchPendingMs())
      return inProgress();
    return ending === '2066' ? refused() : paid();
  },
};
