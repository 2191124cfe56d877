// own module graph: the banners a page asks for once, at the app's start, are cached in the module (tests expect none asked yet).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCredentials } from '../../../src/shared/api/session-store';
import {
  bannerPageOf,
  bannerVariantOf,
  isBannerDismissed,
  MaintenanceBanner,
  prefetchBanners,
} from '../../../src/shared/ui/maintenance-banner';
import { mockFetch } from '../fetch-mock';
import { testI18n } from '../i18n-fixture';

const banner = {
  key: 'payment-maintenance',
  titleEng: 'Bill payment maintenance',
  titleIdn: 'Pemeliharaan pembayaran tagihan',
  messageEng: 'Some payments may be delayed.',
  messageIdn: 'Sebagian pembayaran mungkin tertunda.',
};

function show(page: 'login' | 'payment', lang: 'en' | 'id' = 'en', twice = false) {
  return render(
    <I18nextProvider i18n={testI18n(lang)}>
      <MaintenanceBanner page={page} />
      {twice && <MaintenanceBanner page={page} />}
    </I18nextProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setCredentials({ accessToken: 'tok', expires: Date.now() + 60_000 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('MaintenanceBanner', () => {
  it('asked for before the page renders, is in its first paint (nothing pushed down), and asked again next time', async () => {
    const calls = mockFetch({ '/api/maintenance/v1/banner': { status: 200, body: { banners: [banner] } } });
    await prefetchBanners('login');
    show('login');
    // In the first render itself, not after a request: no layout shift.
    expect(screen.getByText('Bill payment maintenance')).toBeTruthy();
    expect(calls).toHaveLength(1);
    cleanup();
    show('login');
    await screen.findByText('Bill payment maintenance');
    expect(calls).toHaveLength(2);
  });

  it("a transaction page's banners, asked for at the app's start with its variant, are in its first paint; another variant's answer is not used", async () => {
    const calls = mockFetch({ '/api/maintenance/v1/banner': { status: 200, body: { banners: [banner] } } });
    const page = bannerPageOf('/transfer/');
    expect(page).toBe('transfer');
    await prefetchBanners(page!, bannerVariantOf('?type=own-account'));
    expect(JSON.parse(calls[0]!.body)).toEqual({ page: 'transfer', variant: 'own-account' });
    render(
      <I18nextProvider i18n={testI18n('en')}>
        <MaintenanceBanner page="transfer" variant="own-account" />
      </I18nextProvider>,
    );
    expect(screen.getByText('Bill payment maintenance')).toBeTruthy();
    expect(calls).toHaveLength(1);
    cleanup();
    // Asked for one variant, shown for another: asked again for the one shown.
    await prefetchBanners('transfer', 'online');
    render(
      <I18nextProvider i18n={testI18n('en')}>
        <MaintenanceBanner page="transfer" variant="own-account" />
      </I18nextProvider>,
    );
    expect(screen.queryByText('Bill payment maintenance')).toBeNull();
    await screen.findByText('Bill payment maintenance');
    expect(JSON.parse(calls.at(-1)!.body)).toEqual({ page: 'transfer', variant: 'own-account' });
    expect([
      bannerPageOf('/payment/bpjs/inquiry/'),
      bannerPageOf('/dashboard/'),
      bannerPageOf('/myaccount/'),
    ]).toEqual(['payment', 'dashboard', null]);
    expect([bannerVariantOf('?type=Bad Value'), bannerVariantOf('')]).toEqual([undefined, undefined]);
  });

  it('shows the page banners in the user language; dismissing tells the server and hides it until the next day', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 9, 0), shouldAdvanceTime: true });
    const calls = mockFetch({
      '/api/maintenance/v1/banner': { status: 200, body: { banners: [banner] } },
      '/api/maintenance/v1/banner/dismiss': { status: 200, body: {} },
    });
    show('payment', 'id');
    expect(await screen.findByText('Pemeliharaan pembayaran tagihan')).toBeTruthy();
    expect(JSON.parse(calls[0]!.body)).toEqual({ page: 'payment' });
    fireEvent.click(screen.getByRole('button', { name: 'Tutup' }));
    await waitFor(() => expect(screen.queryByText('Pemeliharaan pembayaran tagihan')).toBeNull());
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/maintenance/v1/banner/dismiss'));
    expect(isBannerDismissed(banner.key)).toBe(true);
    cleanup();
    show('payment', 'id');
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/maintenance/v1/banner')).toHaveLength(2));
    expect(screen.queryByText('Pemeliharaan pembayaran tagihan')).toBeNull();
    // the next day it shows again
    vi.setSystemTime(new Date(2026, 10, 23, 8, 0));
    expect(isBannerDismissed(banner.key)).toBe(false);
    cleanup();
    show('payment', 'en');
    expect(await screen.findByText('Bill payment maintenance')).toBeTruthy();
  });

  it('on the login page asks without a token and keeps the dismissal in the browser only', async () => {
    const calls = mockFetch({ '/api/maintenance/v1/banner': { status: 200, body: { banners: [banner] } } });
    show('login');
    await screen.findByText('Bill payment maintenance');
    expect(calls[0]!.auth).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Bill payment maintenance')).toBeNull());
    expect(calls.map((c) => c.url)).toEqual(['/api/maintenance/v1/banner']);
    expect(isBannerDismissed(banner.key)).toBe(true);
  });

  it('shows a page banner once even when the shell and the page both place it', async () => {
    mockFetch({ '/api/maintenance/v1/banner': { status: 200, body: { banners: [banner] } } });
    show('payment', 'en', true);
    await screen.findByText('Bill payment maintenance');
    expect(screen.getAllByText('Bill payment maintenance')).toHaveLength(1);
  });

  it('shows nothing when the banner service fails', async () => {
    const calls = mockFetch({ '/api/maintenance/v1/banner': { status: 500 } });
    const { container } = show('payment');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});
