import type { RouteObject } from 'react-router';
import type { ProductCategory } from '@/shared/invest/types';

const AI = '/applyandinvest/';
const landing = (path: string, category: ProductCategory): RouteObject => ({
  path: `${AI}${path}/`,
  lazy: async () => {
    const { LandingPage } = await import('./catalogue-pages');
    return { Component: () => <LandingPage category={category} /> };
  },
});

/**
 * Apply & invest's pages that are not transactions: the hub, landing pages, product lists and
 * details, the risk profile, bonds monitoring and register, loan product info, and the generic form
 * inquiry. Purchases, openings and applications are flows (the engine's, under their own paths).
 */
export const investRoutes: RouteObject[] = [
  { path: AI, lazy: async () => ({ Component: (await import('./catalogue-pages')).HubPage }) },
  landing('saving', 'saving'),
  landing('timedeposit', 'timedeposit'),
  landing('creditcard', 'creditcard'),
  landing('octoloan', 'loan'),
  landing('insurance', 'insurance'),
  {
    path: `${AI}investment/`,
    lazy: async () => ({ Component: (await import('./investment-page')).InvestmentLandingPage }),
  },
  {
    path: `${AI}productlist/`,
    lazy: async () => ({ Component: (await import('./catalogue-pages')).ProductListPage }),
  },
  {
    path: `${AI}productdetails/`,
    lazy: async () => ({ Component: (await import('./catalogue-pages')).ProductDetailsPage }),
  },
  {
    path: `${AI}product-list-mf/`,
    lazy: async () => ({ Component: (await import('./fund-pages')).FundListPage }),
  },
  {
    path: `${AI}pasardana/product-details/`,
    lazy: async () => ({ Component: (await import('./fund-pages')).ProductDetailsPage }),
  },
  {
    path: `${AI}product-list-bonds/`,
    lazy: async () => ({ Component: (await import('./bond-pages')).BondListPage }),
  },
  {
    path: `${AI}bonds-monitoring/`,
    lazy: async () => ({ Component: (await import('./bond-pages')).BondsMonitoringPage }),
  },
  {
    path: `${AI}bonds-register/inquiry/`,
    lazy: async () => ({ Component: (await import('./bond-pages')).BondsRegisterPage }),
  },
  {
    path: `${AI}questionnaire-risk-profile/`,
    lazy: async () => ({ Component: (await import('./risk-pages')).RiskQuestionnairePage }),
  },
  {
    path: `${AI}additional-investment-risk/`,
    lazy: async () => ({ Component: (await import('./risk-pages')).AdditionalRiskPage }),
  },
  {
    // The generic form inquiry: the flows' own paths (saving/inquiry/, ...) win over it.
    path: `${AI}:form/inquiry/`,
    lazy: async () => ({ Component: (await import('./form-page')).FormInquiryPage }),
  },
  {
    path: `${AI}loan/product-info/`,
    lazy: async () => ({ Component: (await import('./loan-info-page')).LoanProductInfoPage }),
  },
];
