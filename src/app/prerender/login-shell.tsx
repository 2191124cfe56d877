// Built for Node at build time (vite.config.ts mode 'login-shell', scripts/prerender-login.ts): the
// login page as HTML with its styles, in each language, so a phone paints the page from the HTML
// alone, before the app's script has arrived and run (issue 20: LCP). The app then renders over it
// (createRoot replaces it, src/app/main.tsx); until then it is inert.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { LoginPage } from '@/features/auth/login-page';
import { CSP_NONCE_PLACEHOLDER } from '@/shared/csp';
import { initI18n, type Lang } from '@/shared/i18n/i18n';
import { theme } from '@/shared/ui/theme';
import { strings as en } from '../strings/login-en';
import { strings as id } from '../strings/login-id';

/** The login page's markup with its style elements (nonce placeholders the server fills per response). */
export function renderLoginShell(lang: Lang): string {
  const i18n = initI18n({ [lang]: lang === 'en' ? en : id }, lang);
  // Emotion writes each style element beside the markup it styles when rendering without a document.
  const cache = createCache({ key: 'css', nonce: CSP_NONCE_PLACEHOLDER });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <CacheProvider value={cache}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <StaticRouter location="/login/">
            <LoginPage />
          </StaticRouter>
        </ThemeProvider>
      </CacheProvider>
    </I18nextProvider>,
  );
}
