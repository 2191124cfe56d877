// The internet-banking app's namespaces, both languages, bundled with the entry (strings are small).
import type { Resource } from 'i18next';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enShell from '../../locales/en/shell.json';
import enAuth from '../../locales/en/auth.json';
import enDashboard from '../../locales/en/dashboard.json';
import enEngine from '../../locales/en/engine.json';
import enFlows from '../../locales/en/flows.json';
import enRegister from '../../locales/en/register.json';
import idCommon from '../../locales/id/common.json';
import idErrors from '../../locales/id/errors.json';
import idShell from '../../locales/id/shell.json';
import idAuth from '../../locales/id/auth.json';
import idDashboard from '../../locales/id/dashboard.json';
import idEngine from '../../locales/id/engine.json';
import idFlows from '../../locales/id/flows.json';
import idRegister from '../../locales/id/register.json';

export const resources: Resource = {
  en: {
    common: enCommon,
    errors: enErrors,
    shell: enShell,
    auth: enAuth,
    dashboard: enDashboard,
    engine: enEngine,
    flows: enFlows,
    register: enRegister,
  },
  id: {
    common: idCommon,
    errors: idErrors,
    shell: idShell,
    auth: idAuth,
    dashboard: idDashboard,
    engine: idEngine,
    flows: idFlows,
    register: idRegister,
  },
};
