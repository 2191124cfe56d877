import type { Resource } from 'i18next';

// Every namespace in both languages: designers review each step in Indonesian and English.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

export const allResources: Resource = {};
for (const [path, mod] of Object.entries(files)) {
  const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, ns] = match as unknown as [string, string, string];
  allResources[lang] ??= {};
  allResources[lang]![ns] = mod.default;
}
