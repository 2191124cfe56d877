import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { stringsReady, type StringLoader } from './i18n';

/**
 * A component that speaks a group of strings loaded on demand: it waits (suspends) until the group is
 * in, in the current language, then draws at once on every later render.
 */
export function useStrings(load: StringLoader): void {
  const { i18n } = useTranslation();
  use(stringsReady(i18n, load));
}
