import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export type Lang = 'id' | 'en';
export const LANGUAGES: readonly Lang[] = ['id', 'en'];
export const DEFAULT_LANG: Lang = 'id';
const STORAGE_KEY = 'language';

export function storedLang(): Lang {
  try {
    const v = globalThis.localStorage?.getItem(STORAGE_KEY);
    return v === 'en' || v === 'id' ? v : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

export function storeLang(lang: Lang): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Each entry (banking, microsite, companion app) passes only the namespaces it uses, so the
 * microsite bundle carries no internet-banking strings.
 */
export function initI18n(resources: Resource, lang: Lang = storedLang()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: false,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initImmediate: false,
  } as Parameters<typeof instance.init>[0]);
  instance.on('languageChanged', (l) => storeLang(l as Lang));
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  return instance;
}

/** Adds namespaces loaded on demand (a lazy chunk's strings) to a running instance, every language. */
export function addResources(instance: I18n, resources: Resource): void {
  for (const [lng, namespaces] of Object.entries(resources))
    for (const [ns, bundle] of Object.entries(namespaces))
      if (!instance.hasResourceBundle(lng, ns)) instance.addResourceBundle(lng, ns, bundle, true, true);
}
