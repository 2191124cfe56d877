// What the login page renders, in Indonesian only (one chunk per language, see ../strings.ts). Named
// imports of a locale file take only those top-level keys; the rest of auth and shell come with
// the pages that use them (login-pages-id.ts, late-id.ts) and are merged into the same namespaces.
import type { ResourceLanguage } from 'i18next';
import common from '../../../locales/id/common.json';
import errors from '../../../locales/id/errors.json';
import { notFound } from '../../../locales/id/shell.json';
import { brand, links, fields, hints, validation, login, forgot } from '../../../locales/id/auth.json';

export const strings: ResourceLanguage = {
  common,
  errors,
  shell: { notFound },
  auth: { brand, links, fields, hints, validation, login, forgot },
};
