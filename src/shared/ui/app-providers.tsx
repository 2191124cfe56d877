import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { i18n as I18n } from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { StyleCacheProvider } from './style-cache';
import { theme } from './theme';

/** What every app's root sits in: its strings, the CSP-nonced style cache, the bank's theme. */
export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <StyleCacheProvider>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            {children}
          </ThemeProvider>
        </StyleCacheProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
