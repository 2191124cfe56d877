/** Budi as /api/v1/session/me answers for him: what the shell asks for around any page. */
export const customer = {
  userId: 'budisantoso',
  title: 'Mr.',
  fullName: 'Budi Santoso',
  displayName: 'Budi',
  lastLoginAt: null,
  hasCasa: true,
  ccOnly: false,
  supplementary: false,
};

export const me = {
  status: 200,
  body: { customer, expires: Date.now() + 300_000, absoluteExpires: Date.now() + 3_600_000 },
};

/** The shell's own calls answered (the session, no maintenance banner, no unread message). */
export const shellReplies = {
  '/api/v1/session/me': me,
  '/api/maintenance/v1/banner': { status: 200, body: { banners: [] } },
  // The header's mailbox badge asks on every page.
  '/api/mailbox/v1/badge': { status: 200, body: { unread: 0 } },
  // And its cart badge.
  '/api/cart/v1/count': { status: 200, body: { count: 0 } },
};
