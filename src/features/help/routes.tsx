import type { RouteObject } from 'react-router';

/** Help & Support, contact and the mailbox: mounted by the app shell inside the authenticated layout, loaded on demand. */
export const helpRoutes: RouteObject[] = [
  { path: '/help/', lazy: async () => ({ Component: (await import('./help-page')).HelpPage }) },
  { path: '/help/faq/', lazy: async () => ({ Component: (await import('./faq-page')).FaqPage }) },
  { path: '/contact-us/', lazy: async () => ({ Component: (await import('./contact-page')).ContactPage }) },
  { path: '/help/mailbox/', lazy: async () => ({ Component: (await import('./mailbox-page')).MailboxPage }) },
  {
    path: '/help/mailbox/message/',
    lazy: async () => ({ Component: (await import('./message-page')).MessagePage }),
  },
  { path: '/help/compose/', lazy: async () => ({ Component: (await import('./compose-page')).ComposePage }) },
];
