// The namespaces the login area renders, in English only (one chunk per language, see ../strings.ts).
import type { ResourceLanguage } from 'i18next';
import common from '../../../locales/en/common.json';
import errors from '../../../locales/en/errors.json';
import shell from '../../../locales/en/shell.json';
import auth from '../../../locales/en/auth.json';

export const strings: ResourceLanguage = { common, errors, shell, auth };
