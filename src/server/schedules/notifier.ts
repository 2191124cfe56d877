import type { Queryable } from '../db/db';
import { notify } from '../mailbox/notify';
import { formatMoney } from '../../shared/money';
import { formatBankDate } from '../../shared/bank-time';
import type { Instruction } from './store';

/** A message for the customer's mailbox, in both languages. */
export interface CustomerMessage {
  subject: { eng: string; idn: string };
  body: { eng: string; idn: string };
  reference?: string;
  link?: string;
}

/**
 * How the scheduler tells the customer. Called with the open transaction that records the outcome,
 * so the message exists exactly when the outcome does.
 */
export type CustomerNotifier = (
  tx: Queryable,
  customerId: number,
  message: CustomerMessage,
) => Promise<unknown>;

/** Nothing is sent (tests that look only at the ledger). */
export const noNotifier: CustomerNotifier = async () => undefined;

/** The customer's mailbox (src/server/mailbox), what the app servers use: a notification linking to /mytransaction/. */
export const mailboxNotifier: CustomerNotifier = (tx, customerId, m) =>
  notify(tx, customerId, {
    category: 'notification',
    subject: m.subject,
    body: m.body,
    ...(m.reference ? { reference: m.reference } : {}),
    ...(m.link ? { link: m.link } : {}),
  });

const LINK = '/mytransaction/';

function what(ins: Instruction) {
  const m = { amount: ins.amount, currency: ins.currency };
  const to = String(ins.summary.beneficiaryName ?? ins.summary.beneficiaryAccountNo ?? '');
  return {
    eng: `${formatMoney(m, 'en')}${to ? ` to ${to}` : ''}`,
    idn: `${formatMoney(m, 'id')}${to ? ` ke ${to}` : ''}`,
  };
}
const day = (d: string) => ({ eng: formatBankDate(d, 'en'), idn: formatBankDate(d, 'id') });

export const messages = {
  done: (ins: Instruction, date: string, referenceNo: string, pending: boolean): CustomerMessage => {
    const w = what(ins);
    const d = day(date);
    return {
      subject: pending
        ? { eng: 'Scheduled transfer in progress', idn: 'Transfer terjadwal sedang diproses' }
        : { eng: 'Scheduled transfer done', idn: 'Transfer terjadwal berhasil' },
      body: pending
        ? {
            eng: `Your scheduled transfer of ${w.eng} for ${d.eng} was sent and is being processed. Reference ${referenceNo}.`,
            idn: `Transfer terjadwal Anda sebesar ${w.idn} untuk ${d.idn} telah dikirim dan sedang diproses. Referensi ${referenceNo}.`,
          }
        : {
            eng: `Your scheduled transfer of ${w.eng} for ${d.eng} was made. Reference ${referenceNo}.`,
            idn: `Transfer terjadwal Anda sebesar ${w.idn} untuk ${d.idn} telah berhasil. Referensi ${referenceNo}.`,
          },
      reference: referenceNo,
      link: LINK,
    };
  },
  failed: (
    ins: Instruction,
    date: string,
    why: { eng: string; idn: string },
    next: string | null,
  ): CustomerMessage => {
    const w = what(ins);
    const d = day(date);
    const n = next ? day(next) : null;
    return {
      subject: { eng: 'Scheduled transfer failed', idn: 'Transfer terjadwal gagal' },
      body: {
        eng: `Your scheduled transfer of ${w.eng} for ${d.eng} could not be made: ${why.eng}. Nothing was debited.${n ? ` The next transfer is scheduled for ${n.eng}.` : ''}`,
        idn: `Transfer terjadwal Anda sebesar ${w.idn} untuk ${d.idn} tidak dapat dilakukan: ${why.idn}. Tidak ada dana yang terdebet.${n ? ` Transfer berikutnya dijadwalkan ${n.idn}.` : ''}`,
      },
      link: LINK,
    };
  },
  /** Posted, then returned by the other bank (SKN/RTGS): the money and the fee are back. */
  returned: (
    ins: Instruction,
    date: string,
    referenceNo: string,
    why: { eng: string; idn: string },
  ): CustomerMessage => {
    const w = what(ins);
    const d = day(date);
    return {
      subject: { eng: 'Scheduled transfer returned', idn: 'Transfer terjadwal dikembalikan' },
      body: {
        eng: `Your scheduled transfer of ${w.eng} for ${d.eng} was returned by the receiving bank: ${why.eng}. The money and the fee are back in your account. Reference ${referenceNo}.`,
        idn: `Transfer terjadwal Anda sebesar ${w.idn} untuk ${d.idn} dikembalikan oleh bank penerima: ${why.idn}. Dana dan biayanya telah kembali ke rekening Anda. Referensi ${referenceNo}.`,
      },
      reference: referenceNo,
      link: LINK,
    };
  },
  suspended: (ins: Instruction, failures: number): CustomerMessage => {
    const w = what(ins);
    return {
      subject: { eng: 'Recurring transfer stopped', idn: 'Transfer berulang dihentikan' },
      body: {
        eng: `Your recurring transfer of ${w.eng} failed ${failures} times in a row and has been stopped. You can change it or delete it in My Transactions.`,
        idn: `Transfer berulang Anda sebesar ${w.idn} gagal ${failures} kali berturut-turut dan telah dihentikan. Anda dapat mengubah atau menghapusnya di Transaksi Saya.`,
      },
      link: LINK,
    };
  },
};
