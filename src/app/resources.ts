// The namespaces the login area renders, both languages, bundled with the entry. The rest
// (dashboard, engine, flows, register) arrive with the authenticated routes: see late-resources.ts.
import type { Resource } from 'i18next';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enShell from '../../locales/en/shell.json';
import enAuth from '../../locales/en/auth.json';
import idCommon from '../../locales/id/common.json';
import idErrors from '../../locales/id/errors.json';
import idShell from '../../locales/id/shell.json';
import idAuth from '../../locales/id/auth.json';

export const resources: Resource = {
  en: {
    common: enCommon,
    errors: enErrors,
    shell: enShell,
    auth: enAuth,
  },
  id: {
    common: idCommon,
    errors: idErrors,
    shell: idShell,
    auth: idAuth,
  },
};
