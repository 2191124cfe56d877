// The rest of the login area (challenge, OTP, information pages, placeholders), in English only:
// loaded with those pages' routes, and with the authenticated routes (their placeholders).
import type { ResourceLanguage } from 'i18next';
import * as shell from '../../../locales/en/shell.json?login-pages';
import * as auth from '../../../locales/en/auth.json?login-pages';

export const strings: ResourceLanguage = {
  shell: { appName: shell.appName, areas: shell.areas, placeholder: shell.placeholder },
  auth: {
    challenge: auth.challenge,
    otp: auth.otp,
    terms: auth.terms,
    tutorial: auth.tutorial,
    contact: auth.contact,
    faq: auth.faq,
  },
};
