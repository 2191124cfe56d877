import type { Db } from '../db/db';
import { notify, type Notification } from './notify';

const DAY = 86_400_000;

/** budisantoso's mailbox: notifications of the kinds other domains send, a promotion, one exchange. */
function budiInbox(now: Date): Notification[] {
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3_600_000);
  return [
    {
      category: 'info',
      at: ago(120),
      subject: { eng: 'Welcome to OCTO Internet Banking', idn: 'Selamat datang di OCTO Internet Banking' },
      body: {
        eng: 'Dear Mr. Budi, your internet banking is active. Never share your password, PIN or OTP with anyone, including bank staff.',
        idn: 'Bapak Budi yang terhormat, internet banking Anda telah aktif. Jangan pernah memberikan kata sandi, PIN, atau OTP kepada siapa pun, termasuk petugas bank.',
      },
    },
    {
      category: 'notification',
      at: ago(32),
      subject: { eng: 'Your credit card limit was raised', idn: 'Limit kartu kredit Anda telah dinaikkan' },
      body: {
        eng: 'The limit of your Octo Card World 5481 17** **** 5678 is now Rp50,000,000, effective immediately.',
        idn: 'Limit kartu Octo Card World 5481 17** **** 5678 Anda kini Rp50.000.000, berlaku segera.',
      },
      reference: '5481 17** **** 5678',
      link: '/myaccount/',
    },
    {
      category: 'notification',
      at: ago(6, 3),
      subject: { eng: 'Scheduled transfer done', idn: 'Transfer terjadwal berhasil' },
      body: {
        eng: 'Your scheduled transfer of Rp5,000,000 from 800123456701 to 800123456729 (TabunganKu) was made successfully.',
        idn: 'Transfer terjadwal Anda sebesar Rp5.000.000 dari 800123456701 ke 800123456729 (TabunganKu) berhasil dilakukan.',
      },
      reference: '800123456729',
      link: '/myaccount/history/casa/',
    },
    {
      category: 'promo',
      at: ago(2, 5),
      subject: { eng: 'Double Poin Xtra this month', idn: 'Poin Xtra ganda bulan ini' },
      body: {
        eng: 'Pay your bills with your Octo Card World before the end of the month and earn double Poin Xtra. See Promo Code for the details.',
        idn: 'Bayar tagihan dengan Octo Card World Anda sebelum akhir bulan dan dapatkan Poin Xtra ganda. Lihat Kode Promo untuk detailnya.',
      },
      link: '/promocode/',
    },
    {
      category: 'notification',
      at: ago(0, 4),
      subject: { eng: 'Your card statement is ready', idn: 'Tagihan kartu kredit Anda sudah terbit' },
      body: {
        eng: 'The statement of your Octo Card World 5481 17** **** 5678 is ready. Pay before the due date to avoid late charges.',
        idn: 'Tagihan kartu Octo Card World 5481 17** **** 5678 Anda sudah terbit. Bayar sebelum jatuh tempo agar tidak dikenakan denda.',
      },
      reference: '5481 17** **** 5678',
      link: '/payment/credit-card/inquiry/',
    },
  ];
}

/** Demo mailbox for budisantoso (idempotent: only when his mailbox is empty). Demo mode only. */
export async function seedMailbox(db: Db, opts: { now?: Date } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const { rows } = await db.query<{ id: number }>('SELECT id FROM customers WHERE user_id = $1', [
    'budisantoso',
  ]);
  const budi = rows[0]?.id;
  if (!budi) return 0;
  return db.transaction(async (tx) => {
    const { rows: has } = await tx.query('SELECT 1 FROM mailbox_messages WHERE customer_id = $1 LIMIT 1', [
      budi,
    ]);
    if (has.length > 0) return 0;
    const inbox = budiInbox(now);
    for (const n of inbox) await notify(tx, budi, n);
    // One exchange: the customer asked, the bank answered; both read.
    const asked = new Date(now.getTime() - 12 * DAY);
    const { rows: sent } = await tx.query<{ id: number }>(
      `INSERT INTO mailbox_messages (customer_id, folder, category, subject_eng, subject_idn, body_eng, body_idn, read_at, created_at)
       VALUES ($1, 'sent', 'card', $2, $2, $3, $3, $4, $4) RETURNING id`,
      [
        budi,
        'Kartu kredit untuk perjalanan ke Jepang',
        'Selamat siang, saya akan ke Jepang bulan depan. Apakah kartu kredit saya bisa dipakai di sana, dan apakah ada biaya tambahan?',
        asked.toISOString(),
      ],
    );
    const reply = await notify(tx, budi, {
      category: 'reply',
      replyTo: sent[0]!.id,
      at: new Date(asked.getTime() + 5 * 3_600_000),
      subject: {
        eng: 'Re: Credit card for a trip to Japan',
        idn: 'Re: Kartu kredit untuk perjalanan ke Jepang',
      },
      body: {
        eng: 'Dear Mr. Budi, your Octo Card World can be used in Japan wherever Mastercard is accepted. Transactions in yen are converted at the Mastercard rate plus a 2.5% fee. Have a good trip!',
        idn: 'Bapak Budi yang terhormat, kartu Octo Card World Anda dapat digunakan di Jepang di semua merchant yang menerima Mastercard. Transaksi dalam yen dikonversi dengan kurs Mastercard ditambah biaya 2,5%. Selamat berlibur!',
      },
    });
    // Everything older than the last week has been read.
    await tx.query(
      `UPDATE mailbox_messages SET read_at = created_at + interval '1 hour'
        WHERE customer_id = $1 AND folder = 'inbox' AND (created_at < $2 OR id = $3)`,
      [budi, new Date(now.getTime() - 7 * DAY).toISOString(), reply],
    );
    return inbox.length + 2;
  });
}
