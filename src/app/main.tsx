import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { addStrings, initI18n } from '@/shared/i18n/i18n';
import { theme } from '@/shared/ui/theme';
import { StyleCacheProvider } from '@/shared/ui/style-cache';
import type { AppRouter } from './router';
import { loginStrings } from './strings';
import { VisitorRouter } from './visitor-router';

const i18n = initI18n();

/** The lean visitor router for the login area; the data router from the first page outside it on. */
function App() {
  const [router, setRouter] = useState<AppRouter | null>(null);
  return router ? <RouterProvider router={router} /> : <VisitorRouter i18n={i18n} onLeave={setRouter} />;
}

// The login area's strings in the stored language (Indonesian by default), then the first render.
void addStrings(i18n, loginStrings)
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <StyleCacheProvider>
            <ThemeProvider theme={theme}>
              <CssBaseline />
              <App />
            </ThemeProvider>
          </StyleCacheProvider>
        </I18nextProvider>
      </StrictMode>,
    ),
  );
