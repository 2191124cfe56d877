import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n, storedLang } from '../../../src/shared/i18n/i18n';
import { resources } from '../../../src/app/resources';

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
    for (const lang of ['en', 'id'])
      expect(Object.keys(resources[lang]!).sort()).toEqual(
        ['auth', 'common', 'dashboard', 'engine', 'errors', 'flows', 'register', 'shell'].sort(),
      );
  });
});
