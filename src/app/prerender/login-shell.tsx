// Built for Node at build time (vite.config.ts mode 'login-shell', scripts/prerender-login.ts): the
// login page as HTML with its styles, in each language, so a phone paints the page from the HTML
// alone, before the app's script has arrived and run (issue 20: LCP). The app then renders over it
// (createRoot replaces it, src/app/main.tsx); until then it is inert.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { LoginPage } from '@/features/auth/login-page';
import { CSP_NONCE_PLACEHOLDER } from '@/shared/csp';
import { BANNER_PLACEHOLDERS } from '@/shared/prerendered-banners';
import { MaintenanceBannerList } from '@/shared/ui/maintenance-banner';
import { initI18n, type Lang } from '@/shared/i18n/i18n';
import { theme } from '@/shared/ui/theme';
import { strings as en } from '../strings/login-en';
import { strings as id } from '../strings/login-id';

function render(lang: Lang, page: (i18n: I18n) => ReactNode): string {
  const i18n = initI18n({ [lang]: lang === 'en' ? en : id }, lang);
  // Emotion writes each style element beside the markup it styles when rendering without a document.
  const cache = createCache({ key: 'css', nonce: CSP_NONCE_PLACEHOLDER });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <CacheProvider value={cache}>
        <ThemeProvider theme={theme}>{page(i18n)}</ThemeProvider>
      </CacheProvider>
    </I18nextProvider>,
  );
}

/** The login page's markup with its style elements (nonce placeholders the server fills per response). */
export function renderLoginShell(lang: Lang): string {
  return render(lang, () => (
    <>
      <CssBaseline />
      <StaticRouter location="/login/">
        <LoginPage />
      </StaticRouter>
    </>
  ));
}

/**
 * The maintenance banner list with two banners of placeholders (src/shared/prerendered-banners.ts):
 * the second shows what each banner after the first is, without the style elements the first carries.
 */
export function renderBannerListSample(lang: Lang): string {
  const sample = (n: string) => ({
    key: `${BANNER_PLACEHOLDERS.key}${n}`,
    titleEng: `${BANNER_PLACEHOLDERS.title}${n}`,
    titleIdn: `${BANNER_PLACEHOLDERS.title}${n}`,
    messageEng: `${BANNER_PLACEHOLDERS.message}${n}`,
    messageIdn: `${BANNER_PLACEHOLDERS.message}${n}`,
  });
  return render(lang, (i18n) => (
    <MaintenanceBannerList
      banners={[sample(''), sample('1')]}
      en={lang === 'en'}
      closeText={i18n.t('common:actions.close')}
    />
  ));
}
