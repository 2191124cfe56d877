import type { StringLoader } from '@/shared/i18n/i18n';

// The app's strings come in three groups, each one chunk per language (a namespace may be split
// between groups by top-level key: they merge): the current language's chunk
// loads when the group is added (shared/i18n addStrings), the other language's when switched to.

/** What the login page renders (common, errors, parts of shell and auth): added before the first render in the login area. */
export const loginStrings: StringLoader = async (lang) =>
  (lang === 'en' ? await import('./strings/login-en') : await import('./strings/login-id')).strings;

/** The rest of the login area (challenge, OTP, information and placeholder pages): added with their routes. */
export const loginPagesStrings: StringLoader = async (lang) =>
  (lang === 'en' ? await import('./strings/login-pages-en') : await import('./strings/login-pages-id'))
    .strings;

/**
 * What a signed-in page may use (common, errors, the shell, dashboard, engine, flows, cart, help's
 * mailbox badge): added before a signed-in page's first render instead of the login page's group, and
 * with the whole app's routes. The login area's pages add the two groups above with their routes.
 */
export const lateStrings: StringLoader = async (lang) =>
  (lang === 'en' ? await import('./strings/late-en') : await import('./strings/late-id')).strings;
