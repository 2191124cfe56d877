// Namespaces only the authenticated pages use, both languages: loaded with the authenticated
// routes (router.tsx adds them before any of those pages renders), so /login/ does not carry them.
import type { Resource } from 'i18next';
import enDashboard from '../../locales/en/dashboard.json';
import enEngine from '../../locales/en/engine.json';
import enFlows from '../../locales/en/flows.json';
import enRegister from '../../locales/en/register.json';
import idDashboard from '../../locales/id/dashboard.json';
import idEngine from '../../locales/id/engine.json';
import idFlows from '../../locales/id/flows.json';
import idRegister from '../../locales/id/register.json';

export const lateResources: Resource = {
  en: { dashboard: enDashboard, engine: enEngine, flows: enFlows, register: enRegister },
  id: { dashboard: idDashboard, engine: idEngine, flows: idFlows, register: idRegister },
};
