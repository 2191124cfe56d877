import { beforeEach, describe, expect, it } from 'vitest';
import { addStrings, initI18n, setLanguage, storedLang, stringsReady } from '../../../src/shared/i18n/i18n';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lateStrings, loginPagesStrings, loginStrings } from '../../../src/app/strings';
import { AREA_NAMESPACES, areaStrings } from '../../../src/app/area-strings';
import { FLOWS, flowStrings } from '../../../src/engine/flows-data';
import { flowNames, stepStrings } from '../../../src/engine/strings';

beforeEach(() => localStorage.clear());

async function bankingI18n() {
  const i18n = initI18n();
  await addStrings(i18n, loginStrings);
  return i18n;
}

describe('interface language', () => {
  it('is Indonesian by default, and only Indonesian is loaded', async () => {
    const i18n = await bankingI18n();
    expect(i18n.language).toBe('id');
    expect(i18n.t('shell:notFound.title')).toBe('Halaman tidak ditemukan');
    expect(document.documentElement.lang).toBe('id');
    for (const ns of ['common', 'errors', 'shell', 'auth']) {
      expect(i18n.hasResourceBundle('id', ns)).toBe(true);
      expect(i18n.hasResourceBundle('en', ns)).toBe(false);
    }
  });

  it('loads English when switched to, and keeps the choice in localStorage for the next start', async () => {
    const i18n = await bankingI18n();
    await setLanguage(i18n, 'en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('shell:notFound.title')).toBe('Page not found');
    expect(localStorage.getItem('language')).toBe('en');
    expect(storedLang()).toBe('en');
    const next = await bankingI18n();
    expect(next.language).toBe('en');
    expect(next.t('shell:notFound.title')).toBe('Page not found');
    expect(next.hasResourceBundle('id', 'shell')).toBe(false);
    expect(document.documentElement.lang).toBe('en');
  });

  it('groups the namespaces of the login page, the other login-area pages and the authenticated pages, one language each', async () => {
    for (const lang of ['en', 'id'] as const) {
      expect(Object.keys(await loginStrings(lang)).sort()).toEqual(['auth', 'common', 'errors', 'shell']);
      expect(Object.keys(await loginPagesStrings(lang)).sort()).toEqual(['auth', 'shell']);
      expect(Object.keys(await lateStrings(lang)).sort()).toEqual(
        ['cart', 'common', 'engine', 'engine2', 'errors', 'flows', 'help', 'shell'].sort(),
      );
      // what the pages after a flow's form say, with those pages
      expect(Object.keys(await stepStrings(lang)).sort()).toEqual(['engine', 'engine2']);
      // each area's namespace on its own, with its pages
      for (const ns of AREA_NAMESPACES) expect(Object.keys(await areaStrings(ns)(lang))).toEqual([ns]);
    }
    expect(areaStrings('invest')).toBe(areaStrings('invest'));
    expect((await loginStrings('en')).shell).not.toEqual((await loginStrings('id')).shell);
  });

  it('the groups together hold every key of every namespace they touch, each key once', async () => {
    // What the signed-in pages' group repeats of the login area's, so that a signed-in page loads no
    // login-area group: every page's strings (common, errors, the 404) and the area names and placeholder;
    // and of the help and cart pages', the header's badges and the cart's logout and add texts.
    const repeated =
      /^(common|errors|shell\.(notFound|appName|areas|placeholder)|help\.badge|cart\.(badge|logout|addToCart|updateInCart))(\.|$)/;
    for (const lang of ['en', 'id'] as const) {
      const merged: Record<string, Record<string, unknown>> = {};
      // The groups, then every flow's name (with the pages that list flows) and each flow's own strings
      // (they load with its page), leaf by leaf: a flow's chunk repeats its title, never changes it.
      const put = (into: Record<string, unknown>, bundle: object, at: string, repeats: RegExp | null) => {
        for (const [key, value] of Object.entries(bundle)) {
          const here = into[key];
          const path = `${at}.${key}`;
          if (value && typeof value === 'object' && here && typeof here === 'object')
            put(here as Record<string, unknown>, value, path, repeats);
          else {
            if (repeats?.test(path.replace(/^\w+\//, '')) && here !== undefined)
              expect(value, path).toEqual(here);
            else expect(here, `${path} in two groups`).toBeUndefined();
            into[key] = value;
          }
        }
      };
      for (const group of [loginStrings, loginPagesStrings, stepStrings, ...AREA_NAMESPACES.map(areaStrings)])
        for (const [ns, bundle] of Object.entries(await group(lang)))
          put((merged[ns] ??= {}), bundle as object, `${lang}/${ns}`, null);
      for (const [ns, bundle] of Object.entries(await lateStrings(lang)))
        put((merged[ns] ??= {}), bundle as object, `${lang}/${ns}`, repeated);
      for (const load of [flowNames, ...FLOWS.map((f) => flowStrings(f.id))])
        for (const [ns, bundle] of Object.entries(await load(lang)))
          put((merged[ns] ??= {}), bundle as object, `${lang}/${ns}`, /^/);
      for (const ns of Object.keys(merged)) {
        const file = path.resolve(import.meta.dirname, `../../../locales/${lang}/${ns}.json`);
        expect(merged[ns], `${lang}/${ns}`).toEqual(JSON.parse(readFileSync(file, 'utf8')));
      }
    }
  });

  it('adds the authenticated pages strings on demand, and a switch loads every added group', async () => {
    const i18n = await bankingI18n();
    const key = Object.keys((await lateStrings('id')).engine as object)[0]!;
    expect(i18n.exists(`engine:${key}`)).toBe(false);
    await addStrings(i18n, lateStrings);
    expect(i18n.exists(`engine:${key}`)).toBe(true);
    expect(i18n.hasResourceBundle('en', 'engine')).toBe(false);
    await setLanguage(i18n, 'en');
    expect(i18n.hasResourceBundle('en', 'engine')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'auth')).toBe(true);
    // a namespace split between groups is merged, not replaced
    await addStrings(i18n, loginPagesStrings);
    expect(i18n.t('auth:login.title')).toBe('Log in');
    expect(i18n.exists('auth:faq')).toBe(true);
    expect(i18n.exists('shell:menu')).toBe(true);
    expect(i18n.exists('shell:notFound.title')).toBe(true);
  });

  it('hands React one settled promise per group and language, at once for a language a switch loaded', async () => {
    const i18n = await bankingI18n();
    const first = stringsReady(i18n, stepStrings);
    expect(stringsReady(i18n, stepStrings)).toBe(first);
    expect((first as { status?: string }).status).toBeUndefined();
    await first;
    expect((first as { status?: string }).status).toBe('fulfilled');
    expect(i18n.t('engine:verify.heading')).not.toBe('verify.heading');
    // a switch loads every added group: the new language's promise is settled from the start
    await setLanguage(i18n, 'en');
    const english = stringsReady(i18n, stepStrings);
    expect(english).not.toBe(first);
    expect((english as { status?: string }).status).toBe('fulfilled');
  });

  it('stays in its language when the other one cannot be loaded (offline)', async () => {
    const i18n = await bankingI18n();
    await addStrings(i18n, async (lang) => {
      if (lang === 'en') throw new TypeError('Failed to fetch dynamically imported module');
      return {};
    });
    await expect(setLanguage(i18n, 'en')).rejects.toThrow(/Failed to fetch/);
    expect(i18n.language).toBe('id');
    expect(localStorage.getItem('language')).toBeNull();
  });

  it('still takes every language at once for the microsite and the companion app', () => {
    const i18n = initI18n({ en: { common: { hello: 'Hello' } }, id: { common: { hello: 'Halo' } } }, 'en');
    expect(i18n.t('hello')).toBe('Hello');
  });
});
