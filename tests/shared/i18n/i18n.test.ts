import { beforeEach, describe, expect, it } from 'vitest';
import { addResources, initI18n, storedLang } from '../../../src/shared/i18n/i18n';
import { resources } from '../../../src/app/resources';
import { lateResources } from '../../../src/app/late-resources';

beforeEach(() => localStorage.clear());

describe('interface language', () => {
  it('is Indonesian by default', () => {
    const i18n = initI18n(resources);
    expect(i18n.language).toBe('id');
    expect(i18n.t('shell:notFound.title')).toBe('Halaman tidak ditemukan');
    expect(document.documentElement.lang).toBe('id');
  });

  it('keeps the choice in localStorage, so the next start speaks it', async () => {
    const i18n = initI18n(resources);
    await i18n.changeLanguage('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(storedLang()).toBe('en');
    const next = initI18n(resources);
    expect(next.language).toBe('en');
    expect(next.t('shell:notFound.title')).toBe('Page not found');
    expect(document.documentElement.lang).toBe('en');
  });

  it('the main entry loads the namespaces of the internet-banking app in both languages', () => {
    for (const lang of ['en', 'id']) {
      expect(Object.keys(resources[lang]!).sort()).toEqual(['auth', 'common', 'errors', 'shell']);
      expect(Object.keys(lateResources[lang]!).sort()).toEqual(['dashboard', 'engine', 'flows', 'register']);
    }
  });

  it('adds the namespaces of the authenticated pages on demand, both languages', async () => {
    const i18n = initI18n(resources);
    const key = Object.keys(lateResources.id!.dashboard as object)[0]!;
    expect(i18n.exists(`dashboard:${key}`)).toBe(false);
    addResources(i18n, lateResources);
    expect(i18n.exists(`dashboard:${key}`)).toBe(true);
    await i18n.changeLanguage('en');
    expect(i18n.exists(`dashboard:${key}`)).toBe(true);
  });
});
