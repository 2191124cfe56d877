import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '@/shared/api/client';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { goldRoutes } from '@/features/gold/routes';
import { investRoutes } from '@/features/invest/routes';
import type { GoldPickup, GoldSummary } from '@/features/gold/api';
import { initI18n, type Lang } from '@/shared/i18n/i18n';
import type { FundSummary, Eligibility } from '@/shared/invest/types';
import { ErrorProvider } from '@/shared/ui';
import { answer, handlers, reset } from '../auth/api-mock';
import enCommon from '../../../locales/en/common.json';
import enErrors from '../../../locales/en/errors.json';
import enInvest from '../../../locales/en/invest.json';
import enGold from '../../../locales/en/gold.json';
import idCommon from '../../../locales/id/common.json';
import idErrors from '../../../locales/id/errors.json';
import idInvest from '../../../locales/id/invest.json';
import idGold from '../../../locales/id/gold.json';

const mocks = { apiPost: vi.mocked(apiPost) };
// The engine's menu as if a flow of area 'applyandinvest' existed (none is written yet).
vi.mock('@/engine/index', () => ({
  flowMenuEntries: [
    {
      flowId: 'applyandinvest.timedeposit',
      area: 'applyandinvest',
      path: '/applyandinvest/timedeposit/inquiry/',
      labelKey: 'flows:td.title',
      order: 1,
    },
    {
      flowId: 'transfer.own',
      area: 'transfer',
      path: '/transfer/own/inquiry/',
      labelKey: 'flows:own.title',
      order: 1,
    },
  ],
}));

function renderAt(routes: RouteObject[], path: string, lang: Lang = 'en') {
  const i18n = initI18n(
    {
      en: { common: enCommon, errors: enErrors, invest: enInvest, gold: enGold },
      id: { common: idCommon, errors: idErrors, invest: idInvest, gold: idGold },
    },
    lang,
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <ErrorProvider onSessionExpired={() => undefined}>
        <RouterProvider router={router} />
      </ErrorProvider>
    </I18nextProvider>,
  );
}

const idr = (rupiah: number) => ({ amount: rupiah * 100, currency: 'IDR' });
const price = {
  buyPerGram: idr(1_658_000),
  sellPerGram: idr(1_542_000),
  pricedAt: '2026-11-25T02:00:00.000Z',
  nextAt: '2099-11-25T02:01:00.000Z',
};
const pickup = (p: Partial<GoldPickup>): GoldPickup => ({
  transactionRef: 'GP20261001000001',
  providerRef: 'PGD202610014711',
  pawnBranchRef: 'CAB-10601',
  branch: 'Pegadaian Cabang Kebayoran Baru',
  zone: 'Jakarta Selatan',
  grams: '2.0000',
  status: 'ready_for_pickup',
  requestedAt: '2026-10-01T03:00:00.000Z',
  arrivedAt: '2026-10-10T03:00:00.000Z',
  collectedAt: null,
  validUntil: '2026-11-09T03:00:00.000Z',
  days: 1,
  ...p,
});

beforeEach(() => {
  reset();
  mocks.apiPost.mockImplementation(answer);
  handlers.set('/api/gold/v1/price-history', () => ({ points: [] }));
});
afterEach(cleanup);

describe('gold saving page', () => {
  it('says a ready bar past its 30 days can no longer be collected, and counts the last day in the singular', async () => {
    const summary: GoldSummary = {
      registered: true,
      account: { accountNo: '830045671203', grams: '8.5000', marketValue: idr(13_107_000) },
      price,
      pickups: [
        pickup({ days: -2, validUntil: '2026-11-09T03:00:00.000Z' }),
        pickup({ transactionRef: 'GP2', days: 1, validUntil: '2026-11-26T03:00:00.000Z' }),
      ],
    };
    handlers.set('/api/gold/v1/summary', () => summary);
    renderAt(goldRoutes, '/gold-saving/');
    const alerts = await screen.findAllByTestId('pickup-valid');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'The 30 days to collect it ended on 9 Nov 2026. Call 14041.',
      'Ready at the branch: collect it by 26 Nov 2026 (1 day left).',
    ]);
    expect(screen.getByTestId('gold-grams').textContent).toBe('8.5000 g');
    expect(screen.getByTestId('gold-buy-price').textContent).toBe('IDR 1,658,000');
  });

  it('offers registration, not buying or selling, to a customer without gold saving (in Indonesian)', async () => {
    handlers.set('/api/gold/v1/summary', () => ({ registered: false, account: null, price, pickups: [] }));
    renderAt(goldRoutes, '/gold-saving/', 'id');
    await screen.findByTestId('gold-not-registered');
    expect(screen.getByRole('link', { name: 'Daftar' }).getAttribute('href')).toBe('/gold-saving/register/');
    expect(screen.queryByTestId('gold-buy')).toBeNull();
    expect(screen.getByText('Anda belum memesan emas batangan.')).toBeTruthy();
  });
});

const fund = (code: string, eligibility: Eligibility): FundSummary => ({
  code,
  name: `Fund ${code}`,
  currency: 'IDR',
  fundType: 'equity',
  riskLevel: 5,
  sharia: false,
  manager: 'Manager',
  nav: '1000.0000',
  navDate: '2026-11-24',
  return1y: '-3.10',
  minSubscription: idr(100_000),
  subscriptionFee: '2.00',
  eligibility,
});

describe('apply & invest hub', () => {
  it("lists the engine's flows of its area beside the product families, which the chooser it replaces would have", async () => {
    renderAt(investRoutes, '/applyandinvest/');
    const flows = await screen.findByTestId('hub-flows');
    expect(
      within(flows)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/applyandinvest/timedeposit/inquiry/']);
    expect(screen.getByTestId('tile-gold').getAttribute('href')).toBe('/gold-saving/');
  });
});

describe('fund list', () => {
  it('leads each product the profile does not allow to what is missing, and the allowed ones to subscription', async () => {
    handlers.set('/api/invest/v1/funds', () => ({
      profile: null,
      investor: null,
      funds: [
        fund('MF-A', { allowed: true, reason: 'within_profile' }),
        fund('MF-B', { allowed: true, reason: 'acknowledged' }),
        fund('MF-C', { allowed: false, reason: 'above_profile' }),
        fund('MF-D', { allowed: false, reason: 'no_profile' }),
        fund('MF-E', { allowed: false, reason: 'profile_expired' }),
        fund('MF-F', { allowed: false, reason: 'no_investor_account' }),
      ],
    }));
    renderAt(investRoutes, '/applyandinvest/product-list-mf/');
    const cards = await screen.findAllByTestId('fund');
    const action = (i: number) => {
      const links = within(cards[i]!).getAllByRole('link');
      return [links[links.length - 2]!.textContent, links[links.length - 2]!.getAttribute('href')];
    };
    expect(action(0)).toEqual(['Subscribe', '/applyandinvest/mutualfund/MF-A/subscription/inquiry/']);
    expect(action(1)).toEqual(['Subscribe', '/applyandinvest/mutualfund/MF-B/subscription/inquiry/']);
    expect(within(cards[1]!).getByText('Above your profile: statement signed')).toBeTruthy();
    expect(action(2)).toEqual([
      'Read the risk statement',
      '/applyandinvest/additional-investment-risk/?code=MF-C',
    ]);
    expect(action(3)).toEqual(['Fill in risk profile', '/applyandinvest/questionnaire-risk-profile/']);
    expect(action(4)).toEqual(['Renew risk profile', '/applyandinvest/questionnaire-risk-profile/']);
    expect(action(5)).toEqual(['Investor account', '/applyandinvest/bonds-register/inquiry/']);
    expect(screen.getByTestId('profile-banner').textContent).toMatch(/^You have no risk profile yet/);
    expect(within(cards[0]!).getByText('-3.10%')).toBeTruthy();
  });
});
