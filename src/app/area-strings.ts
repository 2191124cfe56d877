import type { ResourceLanguage } from 'i18next';
import type { StringLoader } from '@/shared/i18n/i18n';

/** Namespaces of one feature area each: added with that area's routes (authenticated-routes.tsx), not with every page. */
export const AREA_NAMESPACES = [
  'myaccount',
  'settings',
  'register',
  'transfer',
  'invest',
  'gold',
  'business',
  'pfm',
  'living',
  'bills',
  'batch',
  'dashboard',
  'help',
  'cart',
] as const;
export type AreaNamespace = (typeof AREA_NAMESPACES)[number];

// a chunk per namespace and language
const areaFiles = import.meta.glob<ResourceLanguage[string]>(
  [
    '/locales/*/myaccount.json',
    '/locales/*/settings.json',
    '/locales/*/register.json',
    '/locales/*/transfer.json',
    '/locales/*/invest.json',
    '/locales/*/gold.json',
    '/locales/*/business.json',
    '/locales/*/pfm.json',
    '/locales/*/living.json',
    '/locales/*/bills.json',
    '/locales/*/batch.json',
    '/locales/*/dashboard.json',
    '/locales/*/help.json',
    '/locales/*/cart.json',
  ],
  { import: 'default' },
);
const areaLoaders = new Map<AreaNamespace, StringLoader>();
/** One area's namespace; the same loader each time, so `addStrings` adds it once (and again on a switch). */
export function areaStrings(ns: AreaNamespace): StringLoader {
  let load = areaLoaders.get(ns);
  if (!load) {
    load = async (lang) => {
      const get = areaFiles[`/locales/${lang}/${ns}.json`];
      if (!get) throw new Error(`no strings ${lang}/${ns}`);
      return { [ns]: await get() };
    };
    areaLoaders.set(ns, load);
  }
  return load;
}
