import { useEffect, useState } from 'react';
import { apiPost } from '@/shared/api/client';
import { useErrorHandler } from '@/shared/ui';
import type {
  BondDetail,
  BondHolding,
  BondSummary,
  CatalogueProduct,
  Eligibility,
  FundDetail,
  FundSummary,
  InvestorAccount,
  ProductCategory,
  RiskProfile,
} from '@/shared/invest/types';

export interface WithProfile {
  profile: RiskProfile | null;
  investor: InvestorAccount | null;
}

export const investApi = {
  products: (category?: ProductCategory) =>
    apiPost<{ products: CatalogueProduct[] }>('/api/invest/v1/products', category ? { category } : {}),
  product: (code: string) => apiPost<CatalogueProduct>('/api/invest/v1/product-detail', { code }),
  funds: () => apiPost<{ funds: FundSummary[] } & WithProfile>('/api/invest/v1/funds', {}),
  fund: (code: string) => apiPost<FundDetail>('/api/invest/v1/fund-detail', { code }),
  bonds: () => apiPost<{ bonds: BondSummary[] } & WithProfile>('/api/invest/v1/bonds', {}),
  bond: (code: string) => apiPost<BondDetail>('/api/invest/v1/bond-detail', { code }),
  riskProfile: () => apiPost<WithProfile & { validMonths: number }>('/api/invest/v1/risk-profile', {}),
  submitRiskProfile: (answers: Record<string, string>) =>
    apiPost<{ profile: RiskProfile }>('/api/invest/v1/risk-profile/submit', { answers }),
  acknowledgeRisk: (productCode: string) =>
    apiPost<{ eligibility: Eligibility }>('/api/invest/v1/risk-acknowledge', { productCode, accepted: true }),
  bondsMonitoring: () =>
    apiPost<{ investor: InvestorAccount | null; holdings: BondHolding[] }>(
      '/api/invest/v1/bonds-monitoring',
      {},
    ),
};

/**
 * Loads once per `key` (null: nothing to load); a failure opens the error dialog and leaves
 * `failed` set so the page can say what is missing instead of spinning.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>) {
  const errors = useErrorHandler();
  const [state, setState] = useState<{ key: string | null; data?: T; failed?: boolean }>({ key: null });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load().then(
      (data) => live && setState({ key, data }),
      (err: unknown) => {
        if (!live) return;
        setState({ key, failed: true });
        errors.showError(err);
      },
    );
    return () => {
      live = false;
    };
    // `load` is a new closure each render; `key` says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, errors]);
  const current = state.key === key ? state : { key };
  return { data: current.data, failed: !!current.failed, loading: !current.data && !current.failed };
}
