import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPost } from '../api/client';

/** Pages with maintenance banner keys (spec section 3). */
export type BannerPage = 'login' | 'dashboard' | 'payment' | 'purchase' | 'transfer';

export interface MaintenanceBannerItem {
  key: string;
  titleEng: string;
  titleIdn: string;
  messageEng: string;
  messageIdn: string;
}

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
  const [banners, setBanners] = useState<MaintenanceBannerItem[]>([]);
  const [claim] = useState(() => ({}));
  const [shown, setShown] = useState(false);
  const auth = page === 'login' ? 'none' : 'session';

  // The shell and a page may both place a banner for the same page: only the first one shows.
  useEffect(() => {
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
    const ctrl = new AbortController();
    apiPost<{ banners?: MaintenanceBannerItem[] }>(
      '/api/maintenance/v1/banner',
      variant ? { page, variant } : { page },
      { auth, signal: ctrl.signal },
    )
      .then((r) => setBanners((r.banners ?? []).filter((b) => !isBannerDismissed(b.key))))
      .catch(() => setBanners([]));
    return () => ctrl.abort();
  }, [page, variant, auth, shown]);

  if (!shown || banners.length === 0) return null;
  const en = i18n.language === 'en';
  const dismiss = (key: string) => {
    dismissBannerLocally(key);
    setBanners((bs) => bs.filter((b) => b.key !== key));
    if (auth === 'session') apiPost('/api/maintenance/v1/banner/dismiss', { key }).catch(() => undefined);
  };
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="maintenance-banners">
      {banners.map((b) => (
        <Alert
          key={b.key}
          severity="warning"
          onClose={() => dismiss(b.key)}
          closeText={t('actions.close')}
          data-testid={`maintenance-banner-${b.key}`}
        >
          <AlertTitle>{en ? b.titleEng : b.titleIdn}</AlertTitle>
          {en ? b.messageEng : b.messageIdn}
        </Alert>
      ))}
    </Stack>
  );
}
