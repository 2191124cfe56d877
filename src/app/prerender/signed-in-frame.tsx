// Built for Node at build time with the login page (vite.config.ts mode 'login-shell',
// scripts/prerender-frame.ts): the frame of every signed-in page (header, left menu, the slot of the
// area's maintenance banners) as HTML with its styles, once per language and screen, so a phone paints
// the frame and its banners from the HTML alone while the app's scripts come down (issue 20: the
// banner was the dashboard's and the transaction pages' largest paint). The app renders over it.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Route, Routes, StaticRouter } from 'react-router';
import type { ResourceLanguage } from 'i18next';
import type { ReactNode } from 'react';
import { CSP_NONCE_PLACEHOLDER } from '@/shared/csp';
import { initI18n, type Lang } from '@/shared/i18n/i18n';
import { ErrorProvider } from '@/shared/ui/error-provider';
import { theme } from '@/shared/ui/theme';
import { ShellLayout } from '../shell/shell-layout';
import { FormStyles, stylesOf } from './form-styles';
import { strings as lateEn } from '../strings/late-en';
import { strings as lateId } from '../strings/late-id';
import { strings as loginEn } from '../strings/login-en';
import { strings as loginId } from '../strings/login-id';

/** The screens the frame is drawn for, each at a width of its kind; the page shows the one that fits. */
export const FRAME_SCREENS = { phone: 390, desktop: 1280 } as const;
export type FrameScreen = keyof typeof FRAME_SCREENS;

/**
 * The screen each frame is for, as the shell decides it (`up('md')` is a desktop): the page hides the
 * other one by these media queries.
 */
export const FRAME_SCREEN_MEDIA: Record<FrameScreen, string> = {
  phone: theme.breakpoints.down('md'),
  desktop: theme.breakpoints.up('md'),
};

/**
 * A media query's answer at `width`: the min-width / max-width queries MUI's breakpoints write; any
 * other (motion, colour scheme, orientation) answers no, as a server without a screen would.
 */
export function matchesWidth(query: string, width: number): boolean {
  const bounds = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  return (
    bounds.length > 0 &&
    bounds.every(([, kind, px]) => (kind === 'min' ? width >= Number(px) : width <= Number(px)))
  );
}

/** Where the page's content will be: what the frame shows there until the app has drawn the page. */
function PagePending({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: 6 }}>
      <CircularProgress size={32} aria-label={label} />
    </Box>
  );
}

/**
 * The shell as the app first draws it on `screen` (no customer yet, nothing counted), with the place
 * of the area's banners (its `<template data-banners-slot>`) and a pending page; for a transaction page,
 * with its form's styles after it.
 */
export function renderSignedInFrame(
  lang: Lang,
  screen: FrameScreen,
  /** A transaction page's frame: with its form's styles (form-styles.tsx). */
  flowPage = false,
): string {
  const i18n = initI18n({}, lang);
  const groups: ResourceLanguage[] = lang === 'en' ? [loginEn, lateEn] : [loginId, lateId];
  for (const group of groups)
    for (const [ns, bundle] of Object.entries(group)) i18n.addResourceBundle(lang, ns, bundle, true, true);
  const width = FRAME_SCREENS[screen];
  const screenTheme = createTheme(theme, {
    components: {
      MuiUseMediaQuery: {
        defaultProps: { ssrMatchMedia: (q: string) => ({ matches: matchesWidth(q, width) }) },
      },
    },
  });
  const cache = createCache({ key: 'css', nonce: CSP_NONCE_PLACEHOLDER });
  // (one cache for both renders: what the frame already styled is not written again for the form)
  const render = (node: ReactNode) =>
    renderToString(
      <I18nextProvider i18n={i18n}>
        <CacheProvider value={cache}>
          <ThemeProvider theme={screenTheme}>{node}</ThemeProvider>
        </CacheProvider>
      </I18nextProvider>,
    );
  const frame = render(
    <>
      <CssBaseline />
      {/* a page with banners, so the frame has their slot; the server fills it for the page asked */}
      <StaticRouter location="/dashboard/">
        <ErrorProvider navigate={() => undefined}>
          <Routes>
            <Route element={<ShellLayout />}>
              <Route path="*" element={<PagePending label={i18n.t('common:loading')} />} />
            </Route>
          </Routes>
        </ErrorProvider>
      </StaticRouter>
    </>,
  );
  // a transaction's form: only its styles, which the page's head then carries (form-styles.tsx)
  return flowPage ? frame + stylesOf(render(<FormStyles />)) : frame;
}
