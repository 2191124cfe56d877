import { apiPost } from '@/shared/api/client';
import { earlyOr, SHELL_CALLS } from '@/shared/api/early-requests';

/** Both languages of a text, as the server keeps them; the page shows the user's. */
export interface Bilingual {
  eng: string;
  idn: string;
}

export type Folder = 'inbox' | 'sent';
export const TOPICS = ['account', 'card', 'transaction', 'investment', 'other'] as const;
export type Topic = (typeof TOPICS)[number];

export interface MessageSummary {
  id: string;
  folder: Folder;
  category: string;
  subject: Bilingual;
  preview: Bilingual;
  reference: string | null;
  read: boolean;
  createdAt: string;
}

export interface MessageDetail extends MessageSummary {
  body: Bilingual;
  link: string | null;
  replyTo: { id: string; subject: Bilingual } | null;
}

export interface MessagePage {
  messages: MessageSummary[];
  total: number;
  unread: number;
  page: number;
  pageSize: number;
}

export interface FaqEntry {
  id: string;
  category: string;
  question: Bilingual;
  answer: Bilingual;
}

export const pick = (t: Bilingual, lang: string) => (lang === 'en' ? t.eng : t.idn);

/** Said by the mailbox pages when the unread count may have changed; the header's badge listens. */
export const MAILBOX_CHANGED = 'mailbox:changed';
export const mailboxChanged = () => window.dispatchEvent(new Event(MAILBOX_CHANGED));

export const helpApi = {
  badge: (signal?: AbortSignal) =>
    earlyOr(SHELL_CALLS.mailboxBadge, () =>
      apiPost<{ unread: number }>(SHELL_CALLS.mailboxBadge, {}, { signal }),
    ),
  list: (folder: Folder, page: number, signal?: AbortSignal) =>
    apiPost<MessagePage>('/api/mailbox/v1/list', { folder, page }, { signal }),
  message: (id: string, signal?: AbortSignal) =>
    apiPost<MessageDetail>('/api/mailbox/v1/message', { id }, { signal }),
  remove: (id: string) => apiPost<{ deleted: boolean }>('/api/mailbox/v1/delete', { id }),
  compose: (body: {
    topic: Topic;
    subject: string;
    message: string;
    replyTo?: string;
    idempotencyKey: string;
  }) => apiPost<{ id: string; reference: string }>('/api/mailbox/v1/compose', body, { kind: 'transaction' }),
  faq: (signal?: AbortSignal) => apiPost<{ entries: FaqEntry[] }>('/api/help/v1/faq', {}, { signal }),
};
