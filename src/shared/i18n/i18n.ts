import i18next, { type i18n as I18n, type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readable, readableValue } from '../readable-promise';

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
  rememberForServer(lang);
}

/**
 * The language as a cookie too, so the server can send the login page prerendered in it
 * (src/server/http/static-apps.ts). Only the server's page choice reads it.
 */
function rememberForServer(lang: Lang): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  try {
    document.cookie = `language=${lang}; path=/; max-age=31536000; SameSite=Lax`;
  } catch {
    // cookies blocked: the login page comes in the default language, then the app's
  }
}

/**
 * Each entry (banking, microsite, companion app) passes only the namespaces it uses, so the
 * microsite bundle carries no internet-banking strings. The banking app passes none and adds its
 * groups with `addStrings`, one language at a time.
 */
export function initI18n(resources: Resource = {}, lang: Lang = storedLang()): I18n {
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
  rememberForServer(lang);
  return instance;
}

/** A group of namespaces in one language, e.g. `(lang) => import(`./strings-${lang}`)`: one chunk per language. */
export type StringLoader = (lang: Lang) => Promise<ResourceLanguage>;

const groups = new WeakMap<I18n, StringLoader[]>();
const langOf = (instance: I18n): Lang => (instance.language === 'en' ? 'en' : 'id');
/** react-i18next's useTranslation hands out a per-language wrapper of the instance: work on the instance. */
const unwrap = (instance: I18n): I18n => (instance as I18n & { __original?: I18n }).__original ?? instance;

/** The groups in each instance by language, once added. */
const added = new WeakMap<I18n, Map<StringLoader, Set<Lang>>>();

async function loadGroups(instance: I18n, lang: Lang, loaders: readonly StringLoader[]): Promise<void> {
  const loaded = await Promise.all(loaders.map((load) => load(lang)));
  // deep merge: a group may bring part of a namespace another group started
  for (const namespaces of loaded)
    for (const [ns, bundle] of Object.entries(namespaces))
      instance.addResourceBundle(lang, ns, bundle, true, true);
  const done = added.get(instance) ?? new Map<StringLoader, Set<Lang>>();
  added.set(instance, done);
  for (const load of loaders) done.set(load, (done.get(load) ?? new Set()).add(lang));
}

/**
 * Adds a group of namespaces in the current language only (the other language loads when switched
 * to, see setLanguage). Resolves once they are in, so pages render with their strings.
 */
export async function addStrings(i18n: I18n, load: StringLoader): Promise<void> {
  const instance = unwrap(i18n);
  const loaders = groups.get(instance) ?? [];
  if (!loaders.includes(load)) groups.set(instance, [...loaders, load]);
  for (;;) {
    const lang = langOf(instance);
    await loadGroups(instance, lang, [load]);
    if (langOf(instance) === lang) return; // the language changed meanwhile: load that one too
  }
}

/**
 * Switches the language once every added group is in for it; if they cannot be loaded (offline),
 * the language stays as it is and the promise rejects.
 */
export async function setLanguage(i18n: I18n, lang: Lang): Promise<void> {
  const instance = unwrap(i18n);
  await loadGroups(instance, lang, groups.get(instance) ?? []);
  await instance.changeLanguage(lang);
}

const readiness = new WeakMap<I18n, Map<StringLoader, Map<Lang, Promise<void>>>>();

/**
 * `load`'s strings added in the instance's language (addStrings), as one promise per group and
 * language, marked settled once in (or at once when they are, as after a switch to a language that
 * loaded every added group): React's `use` then reads it without suspending (useStrings).
 */
export function stringsReady(i18n: I18n, load: StringLoader): Promise<void> {
  const instance = unwrap(i18n);
  const lang = langOf(instance);
  const byLoader = readiness.get(instance) ?? new Map<StringLoader, Map<Lang, Promise<void>>>();
  readiness.set(instance, byLoader);
  const byLang = byLoader.get(load) ?? new Map<Lang, Promise<void>>();
  byLoader.set(load, byLang);
  let p = byLang.get(lang);
  if (!p) {
    if (added.get(instance)?.get(load)?.has(lang)) p = readableValue(undefined);
    else {
      p = readable(addStrings(instance, load));
      // a failure (offline) is asked again by the next render
      p.catch(() => byLang.delete(lang));
    }
    byLang.set(lang, p);
  }
  return p;
}
