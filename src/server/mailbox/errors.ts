import { ApiError } from '../http/api-error';

/** Spec section 8: "Mailbox no message: 0030" (the page says so in place, not as a failure). */
export const noMessage = () =>
  new ApiError(404, 'CLICKS', '0030', {
    titleEng: 'No messages',
    titleIdn: 'Tidak ada pesan',
    messageEng: 'You have no messages.',
    messageIdn: 'Anda tidak memiliki pesan.',
  });

/** Another customer's message and a deleted one get the same answer as one that never existed. */
export const messageNotFound = () =>
  new ApiError(404, 'CLICKS', 'MAILBOX_NOT_FOUND', {
    titleEng: 'Message not found',
    titleIdn: 'Pesan tidak ditemukan',
    messageEng: 'This message is no longer available.',
    messageIdn: 'Pesan ini sudah tidak tersedia.',
  });

export const composeLimit = (max: number) =>
  new ApiError(429, 'CLICKS', 'RATE_LIMITED', {
    titleEng: 'Too many messages today',
    titleIdn: 'Terlalu banyak pesan hari ini',
    messageEng: `You can send up to ${max} messages a day. Please call 14041 for anything urgent.`,
    messageIdn: `Anda dapat mengirim hingga ${max} pesan per hari. Untuk hal mendesak, silakan hubungi 14041.`,
  });
