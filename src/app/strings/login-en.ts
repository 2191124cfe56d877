// What the login page renders, in English only (one chunk per language, see ../strings.ts). Named
// imports of a locale file take only those top-level keys; the rest of auth and shell come with
// the pages that use them (login-pages-en.ts, late-en.ts) and are merged into the same namespaces.
import type { ResourceLanguage } from 'i18next';
import common from '../../../locales/en/common.json';
import errors from '../../../locales/en/errors.json';
import { notFound } from '../../../locales/en/shell.json';
import { brand, links, fields, hints, validation, login, forgot } from '../../../locales/en/auth.json';

export const strings: ResourceLanguage = {
  common,
  errors,
  shell: { notFound },
  auth: { brand, links, fields, hints, validation, login, forgot },
};
