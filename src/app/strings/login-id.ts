// The namespaces the login area renders, in Indonesian only (one chunk per language, see ../strings.ts).
import type { ResourceLanguage } from 'i18next';
import common from '../../../locales/id/common.json';
import errors from '../../../locales/id/errors.json';
import shell from '../../../locales/id/shell.json';
import auth from '../../../locales/id/auth.json';

export const strings: ResourceLanguage = { common, errors, shell, auth };
