import type { StringLoader } from '@/shared/i18n/i18n';

/** The pages after a flow's form: their strings, one chunk per language (steps-en.ts, steps-id.ts). */
export const stepStrings: StringLoader = async (lang) =>
  (lang === 'en' ? await import('./steps-en') : await import('./steps-id')).strings;

/**
 * Every flow's title, menu label and description, one chunk per language: for the pages that list
 * flows (choosers, the header's search, favourites, bills). A flow's page has its own with its file.
 */
export const flowNames: StringLoader = async (lang) => ({
  flows: (lang === 'en'
    ? await import('../../../locales/en/flows.json?flow-names')
    : await import('../../../locales/id/flows.json?flow-names')
  ).default,
});
