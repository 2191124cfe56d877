import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPost } from '../api/client';
import { whenAnswered } from './when-answered';
import type { BannerText } from '../prerendered-banners';

import type { BannerPage } from '../banner-pages';

export { bannerPageOf, bannerVariantOf, type BannerPage } from '../banner-pages';

/** A banner as the server sends it (the same shape the server fills into the prerendered login page). */
export type MaintenanceBannerItem = BannerText;

/** Also read by the prerendered page's BANNER_DISMISSAL_SCRIPT (src/shared/csp.ts). */
const DISMISSED = 'bannerDismissed';

function today(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function readDismissed(): Record<string, string> {
  try {
    const raw = globalThis.localStorage?.getItem(DISMISSED);
    const v = raw ? (JSON.parse(raw) as unknown) : {};
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** A banner dismissed today stays hidden until the next day. */
export function isBannerDismissed(key: string, now = new Date()): boolean {
  return readDismissed()[key] === today(now);
}

export function dismissBannerLocally(key: string, now = new Date()): void {
  const all = readDismissed();
  const d = today(now);
  // forget older days so the map does not grow
  const kept = Object.fromEntries(Object.entries(all).filter(([, v]) => v === d));
  try {
    globalThis.localStorage?.setItem(DISMISSED, JSON.stringify({ ...kept, [key]: d }));
  } catch {
    // storage blocked: hidden for this page view only
  }
}

const shownPages = new Map<BannerPage, object>();

interface EarlyBanners {
  /** The transaction asked about (`?type=`), if any: the answer is for that variant only. */
  variant?: string;
  done: boolean;
  banners: MaintenanceBannerItem[];
  promise: Promise<void>;
}
const early = new Map<BannerPage, EarlyBanners>();

const authOf = (page: BannerPage) => (page === 'login' ? 'none' : 'session');

/**
 * Asks for a page's banners before the page renders (the app's entry, for the page it opens on), so
 * the banner is there with the page's first paint instead of pushing it down when it arrives (no
 * layout shift). The page's banner takes the answer once; later visits ask again.
 */
export function prefetchBanners(page: BannerPage, variant?: string): Promise<void> {
  const entry: EarlyBanners = { variant, done: false, banners: [], promise: Promise.resolve() };
  entry.promise = apiPost<{ banners?: MaintenanceBannerItem[] }>(
    '/api/maintenance/v1/banner',
    variant ? { page, variant } : { page },
    { auth: authOf(page) },
  ).then(
    (r) => {
      entry.banners = r.banners ?? [];
      entry.done = true;
    },
    () => {
      entry.done = true;
    },
  );
  early.set(page, entry);
  return entry.promise;
}

export interface MaintenanceBannerProps {
  page: BannerPage;
  /** The transaction the page shows (its `?type=`): banners about other transactions stay away. */
  variant?: string;
}

/**
 * Maintenance messages of a page, from /api/maintenance/v1/banner. Dismissal is kept in the browser
 * until the next day and, on authenticated pages, told to the server too. Failures show nothing:
 * a missing banner must never block the page.
 */
export function MaintenanceBanner({ page, variant }: MaintenanceBannerProps) {
  const { t, i18n } = useTranslation('common');
  const [banners, setBanners] = useState<MaintenanceBannerItem[]>(() => {
    const e = early.get(page);
    return e?.done && e.variant === variant ? e.banners.filter((b) => !isBannerDismissed(b.key)) : [];
  });
  const [claim] = useState(() => ({}));
  const [shown, setShown] = useState(false);
  const auth = authOf(page);

  // The shell and a page may both place a banner for the same page: only the first one shows.
  // (Before the first paint, so a banner already known is in it.)
  useLayoutEffect(() => {
    if (shownPages.has(page)) return;
    shownPages.set(page, claim);
    setShown(true);
    return () => {
      if (shownPages.get(page) === claim) shownPages.delete(page);
      setShown(false);
    };
  }, [page, claim]);

  useEffect(() => {
    if (!shown) return;
    const e = early.get(page);
    if (e) early.delete(page);
    if (e && e.variant === variant) {
      let live = true;
      void e.promise.then(
        whenAnswered(() => live && setBanners(e.banners.filter((b) => !isBannerDismissed(b.key)))),
      );
      return () => {
        live = false;
      };
    }
    const ctrl = new AbortController();
    apiPost<{ banners?: MaintenanceBannerItem[] }>(
      '/api/maintenance/v1/banner',
      variant ? { page, variant } : { page },
      { auth, signal: ctrl.signal },
    )
      .then(whenAnswered((r) => setBanners((r.banners ?? []).filter((b) => !isBannerDismissed(b.key)))))
      .catch(whenAnswered(() => setBanners([])));
    return () => ctrl.abort();
  }, [page, variant, auth, shown]);

  // Prerendered (no document, scripts/prerender-login.ts): where the server puts the page's banners.
  if (typeof document === 'undefined') return <template data-banners-slot={page} />;
  if (!shown || banners.length === 0) return null;
  const dismiss = (key: string) => {
    dismissBannerLocally(key);
    setBanners((bs) => bs.filter((b) => b.key !== key));
    if (auth === 'session') apiPost('/api/maintenance/v1/banner/dismiss', { key }).catch(() => undefined);
  };
  return (
    <MaintenanceBannerList
      banners={banners}
      en={i18n.language === 'en'}
      closeText={t('actions.close')}
      onDismiss={dismiss}
    />
  );
}

export interface MaintenanceBannerListProps {
  banners: MaintenanceBannerItem[];
  en: boolean;
  closeText: string;
  onDismiss?: (key: string) => void;
}

/** The banners as they are drawn: by the app, and prerendered for the server to fill (login-shell.tsx). */
export function MaintenanceBannerList({ banners, en, closeText, onDismiss }: MaintenanceBannerListProps) {
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="maintenance-banners">
      {banners.map((b) => (
        <Alert
          key={b.key}
          severity="warning"
          onClose={() => onDismiss?.(b.key)}
          closeText={closeText}
          data-testid={`maintenance-banner-${b.key}`}
          data-banner-key={b.key}
        >
          <AlertTitle>{en ? b.titleEng : b.titleIdn}</AlertTitle>
          {en ? b.messageEng : b.messageIdn}
        </Alert>
      ))}
    </Stack>
  );
}
