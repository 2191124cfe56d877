import type { i18n as I18n } from 'i18next';
import { initI18n, type Lang } from '../../src/shared/i18n/i18n';
import enCommon from '../../locales/en/common.json';
import idCommon from '../../locales/id/common.json';
import enErrors from '../../locales/en/errors.json';
import idErrors from '../../locales/id/errors.json';
import enShell from '../../locales/en/shell.json';
import idShell from '../../locales/id/shell.json';

/** An i18next instance with the shell's namespaces in both languages. */
export function testI18n(lang: Lang = 'en'): I18n {
  return initI18n(
    {
      en: { common: enCommon, errors: enErrors, shell: enShell },
      id: { common: idCommon, errors: idErrors, shell: idShell },
    },
    lang,
  );
}
