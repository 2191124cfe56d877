import type { StringLoader } from '@/shared/i18n/i18n';

// The app's strings come in two groups, each one chunk per language: the current language's chunk
// loads when the group is added (shared/i18n addStrings), the other language's when switched to.

/** What the login area renders (common, errors, shell, auth): added before the first render. */
export const loginStrings: StringLoader = async (lang) =>
  (lang === 'en' ? await import('./strings/login-en') : await import('./strings/login-id')).strings;

/** What only the authenticated pages use (dashboard, engine, flows, register): added with their routes. */
export const lateStrings: StringLoader = async (lang) =>
  (lang === 'en' ? await import('./strings/late-en') : await import('./strings/late-id')).strings;
