import type { Decorator, Preview } from '@storybook/react-vite';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { useMemo, type ReactNode } from 'react';
import { initI18n, type Lang } from '../src/shared/i18n/i18n';
import { theme } from '../src/shared/ui/theme';
import { allResources } from './locales';
import { configure } from 'storybook/test';

// A story's form draws after its flow's chunks and validator load: beside the browser tests on 2 cores
// that took longer than Testing Library's default second, and a play's findBy* failed (the wait only).
configure({ asyncUtilTimeout: 5_000 });

function AppProviders({ lang, children }: { lang: Lang; children: ReactNode }) {
  const i18n = useMemo(() => initI18n(allResources, lang), [lang]);
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </I18nextProvider>
  );
}

/** A story's own `parameters.lang` wins over the toolbar, so generated stories exist per language. */
const withAppProviders: Decorator = (Story, context) => {
  const lang = (context.parameters.lang ?? context.globals.locale ?? 'id') as Lang;
  return (
    <AppProviders lang={lang}>
      <Story />
    </AppProviders>
  );
};

const preview: Preview = {
  decorators: [withAppProviders],
  globalTypes: {
    locale: {
      description: 'Language',
      toolbar: {
        icon: 'globe',
        items: [
          { value: 'id', title: 'Bahasa Indonesia' },
          { value: 'en', title: 'English' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'id' },
  parameters: {
    // Accessibility violations fail the story tests. Every rule runs; only violations are detailed
    // (a passing rule names one element, not all it checked): the same failures, for less of axe's time.
    a11y: { test: 'error', options: { resultTypes: ['violations'] } },
    layout: 'padded',
  },
};
export default preview;
