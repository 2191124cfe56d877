// Namespaces only the authenticated pages use, in Indonesian only: loaded with the authenticated routes.
import type { ResourceLanguage } from 'i18next';
import dashboard from '../../../locales/id/dashboard.json';
import engine from '../../../locales/id/engine.json';
import flows from '../../../locales/id/flows.json';
import register from '../../../locales/id/register.json';

export const strings: ResourceLanguage = { dashboard, engine, flows, register };
