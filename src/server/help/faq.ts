import type { BilingualText } from '../mailbox/notify';

export interface FaqEntry {
  id: string;
  category: 'access' | 'transfer' | 'payment' | 'card' | 'security' | 'points';
  question: BilingualText;
  answer: BilingualText;
}

/** The bank's frequently asked questions, in both languages (content, reviewed like the locales). */
export const FAQ: readonly FaqEntry[] = [
  {
    id: 'forgot-password',
    category: 'access',
    question: {
      eng: 'I forgot my password. What should I do?',
      idn: 'Saya lupa kata sandi. Apa yang harus saya lakukan?',
    },
    answer: {
      eng: 'On the login page choose "Forgot password", enter your user ID and the details of your ATM card, then the one-time password sent to your registered mobile number. You can then set a new password.',
      idn: 'Di halaman login pilih "Lupa kata sandi", masukkan user ID dan data kartu ATM Anda, lalu kode OTP yang dikirim ke nomor ponsel terdaftar. Setelah itu Anda dapat membuat kata sandi baru.',
    },
  },
  {
    id: 'forgot-user-id',
    category: 'access',
    question: { eng: 'I forgot my user ID.', idn: 'Saya lupa user ID.' },
    answer: {
      eng: 'Choose "Forgot user ID" on the login page, enter your account number (or card number) and date of birth, then the one-time password. Your user ID is sent by SMS to your registered mobile number.',
      idn: 'Pilih "Lupa user ID" di halaman login, masukkan nomor rekening (atau nomor kartu) dan tanggal lahir, lalu kode OTP. User ID Anda dikirim lewat SMS ke nomor ponsel terdaftar.',
    },
  },
  {
    id: 'session-timeout',
    category: 'access',
    question: { eng: 'Why was I logged out automatically?', idn: 'Mengapa saya keluar secara otomatis?' },
    answer: {
      eng: 'For your security a session ends after 5 minutes without activity. A minute before, we ask whether you are still there; choose "Yes, I\'m still here" to continue.',
      idn: 'Demi keamanan, sesi berakhir setelah 5 menit tanpa aktivitas. Satu menit sebelumnya kami bertanya apakah Anda masih di sana; pilih "Ya, saya masih di sini" untuk melanjutkan.',
    },
  },
  {
    id: 'transfer-limits',
    category: 'transfer',
    question: { eng: 'What are my transfer limits?', idn: 'Berapa limit transfer saya?' },
    answer: {
      eng: 'The minimum transfer is Rp10,000, and each customer has a maximum per transaction and a daily limit. You can see and change them in Settings & Services, Transaction Limit.',
      idn: 'Minimal transfer Rp10.000, dan setiap nasabah memiliki batas maksimal per transaksi serta limit harian. Anda dapat melihat dan mengubahnya di Pengaturan & Layanan, Limit Transaksi.',
    },
  },
  {
    id: 'transfer-pending',
    category: 'transfer',
    question: {
      eng: 'My transfer says "in progress". Is my money safe?',
      idn: 'Transfer saya berstatus "sedang diproses". Apakah dana saya aman?',
    },
    answer: {
      eng: 'Yes. The amount is held until the receiving bank answers. Check the account history later: the transfer is completed, or the money is returned to your account.',
      idn: 'Ya. Dana ditahan sampai bank penerima memberi jawaban. Periksa riwayat rekening nanti: transfer selesai, atau dana dikembalikan ke rekening Anda.',
    },
  },
  {
    id: 'skn-rtgs',
    category: 'transfer',
    question: {
      eng: 'When are SKN and RTGS transfers processed?',
      idn: 'Kapan transfer SKN dan RTGS diproses?',
    },
    answer: {
      eng: 'SKN and RTGS transfers made on a working day before 15:00 WIB are processed the same day; later ones on the next working day. Online transfers arrive at once.',
      idn: 'Transfer SKN dan RTGS pada hari kerja sebelum pukul 15.00 WIB diproses di hari yang sama; setelahnya pada hari kerja berikutnya. Transfer online langsung diterima.',
    },
  },
  {
    id: 'bill-receipt',
    category: 'payment',
    question: {
      eng: 'Where can I find the receipt of a bill I paid?',
      idn: 'Di mana saya dapat menemukan bukti pembayaran tagihan?',
    },
    answer: {
      eng: 'Every receipt can be downloaded right after the payment. Later, open My Accounts, choose the account and find the payment in its history.',
      idn: 'Setiap bukti transaksi dapat diunduh segera setelah pembayaran. Setelahnya, buka Rekening Saya, pilih rekening, dan temukan pembayaran di riwayatnya.',
    },
  },
  {
    id: 'favourites',
    category: 'payment',
    question: {
      eng: 'How do I save a payment as a favourite?',
      idn: 'Bagaimana cara menyimpan pembayaran sebagai favorit?',
    },
    answer: {
      eng: 'On the receipt choose "Save as favourite" and give it a name. It appears in My Favorites, where you can start it again with the form filled in.',
      idn: 'Pada bukti transaksi pilih "Simpan sebagai favorit" dan beri nama. Favorit muncul di Favorit Saya, tempat Anda dapat memulainya lagi dengan formulir yang sudah terisi.',
    },
  },
  {
    id: 'card-lost',
    category: 'card',
    question: { eng: 'My card is lost or stolen.', idn: 'Kartu saya hilang atau dicuri.' },
    answer: {
      eng: 'Block it at once in Settings & Services, Block and Unblock Card, or call 14041 (24 hours). A blocked card cannot be used until you unblock it.',
      idn: 'Segera blokir di Pengaturan & Layanan, Blokir dan Buka Blokir Kartu, atau hubungi 14041 (24 jam). Kartu yang diblokir tidak dapat digunakan sampai dibuka kembali.',
    },
  },
  {
    id: 'card-limit',
    category: 'card',
    question: { eng: 'Can I raise my credit card limit?', idn: 'Bisakah saya menaikkan limit kartu kredit?' },
    answer: {
      eng: 'Yes: temporarily or permanently, from My Accounts, Increase Limit. The answer comes to your mailbox.',
      idn: 'Ya: sementara atau permanen, melalui Rekening Saya, Naikkan Limit. Jawabannya dikirim ke kotak pesan Anda.',
    },
  },
  {
    id: 'otp-not-received',
    category: 'security',
    question: { eng: 'I did not receive the one-time password (OTP).', idn: 'Saya tidak menerima kode OTP.' },
    answer: {
      eng: 'Check that your phone has signal and wait for the countdown to end, then choose "Resend". If you use the companion app, you can approve the transaction there instead.',
      idn: 'Pastikan ponsel Anda mendapat sinyal dan tunggu hitung mundur selesai, lalu pilih "Kirim ulang". Jika Anda memakai aplikasi pendamping, Anda dapat menyetujui transaksi di sana.',
    },
  },
  {
    id: 'phishing',
    category: 'security',
    question: {
      eng: 'Will the bank ever ask for my password or OTP?',
      idn: 'Apakah bank pernah meminta kata sandi atau OTP saya?',
    },
    answer: {
      eng: 'Never. No one from the bank will ask for your password, PIN or OTP by phone, e-mail or chat. Check that your secure word is shown before you enter your password.',
      idn: 'Tidak pernah. Tidak ada petugas bank yang akan meminta kata sandi, PIN, atau OTP melalui telepon, e-mail, atau chat. Pastikan kata aman Anda tampil sebelum memasukkan kata sandi.',
    },
  },
  {
    id: 'poin-earn',
    category: 'points',
    question: { eng: 'How do I earn Poin Xtra?', idn: 'Bagaimana cara mendapatkan Poin Xtra?' },
    answer: {
      eng: 'You earn points on card spending and selected transactions. See your balance and history in Poin Xtra; the calculator shows what your points are worth.',
      idn: 'Anda mendapat poin dari transaksi kartu dan transaksi tertentu. Lihat saldo dan riwayatnya di Poin Xtra; kalkulator menunjukkan nilai poin Anda.',
    },
  },
  {
    id: 'promo-code',
    category: 'payment',
    question: { eng: 'How do I use a promo code?', idn: 'Bagaimana cara memakai kode promo?' },
    answer: {
      eng: 'Type the code in the promo code field of the transaction it is for (an e-wallet top-up, a voucher, a flight), or open it under Promo Code and choose "with this code". Its reward is shown before you verify. A code cannot be used when a credit card pays, and only while its quota lasts.',
      idn: 'Ketik kodenya di kolom kode promo pada transaksi yang sesuai (top up e-wallet, voucher, tiket pesawat), atau buka di menu Kode Promo dan pilih "dengan kode ini". Hadiahnya ditampilkan sebelum Anda verifikasi. Kode tidak dapat dipakai jika dibayar dengan kartu kredit, dan hanya selama kuotanya masih ada.',
    },
  },
  {
    id: 'flight-booking',
    category: 'payment',
    question: {
      eng: 'Where is the booking code of my flight?',
      idn: 'Di mana kode pemesanan penerbangan saya?',
    },
    answer: {
      eng: 'It is on the receipt and in My Bookings as soon as the airline issues the tickets. If ticketing takes a while, the booking says so and the code appears there later; if the airline cannot issue them, your money is returned.',
      idn: 'Kode ada di bukti transaksi dan di Pemesanan Saya begitu maskapai menerbitkan tiket. Jika penerbitan tiket memakan waktu, pemesanan menyebutkannya dan kode muncul di sana kemudian; jika maskapai tidak dapat menerbitkannya, dana Anda dikembalikan.',
    },
  },
  {
    id: 'voucher-code',
    category: 'payment',
    question: { eng: 'Where do I find a voucher I bought?', idn: 'Di mana voucher yang saya beli?' },
    answer: {
      eng: 'Its code is on the receipt, sent by SMS to the mobile number you gave, and listed under Vouchers, with the day to redeem it by.',
      idn: 'Kodenya ada di bukti transaksi, dikirim lewat SMS ke nomor ponsel yang Anda isi, dan tercantum di menu Voucher, beserta batas tanggal penukarannya.',
    },
  },
  {
    id: 'mailbox',
    category: 'access',
    question: { eng: 'How do I send the bank a message?', idn: 'Bagaimana cara mengirim pesan ke bank?' },
    answer: {
      eng: 'Open Help & Support, then "Write a message". You get a reference number at once, and our answer arrives in your mailbox.',
      idn: 'Buka Bantuan & Dukungan, lalu "Tulis pesan". Anda langsung mendapat nomor referensi, dan jawaban kami dikirim ke kotak pesan Anda.',
    },
  },
];
