import { apiPost } from '@/shared/api/client';

export interface Profile {
  title: string;
  fullName: string;
  displayName: string;
  userId: string;
  cif: string;
  email: string | null;
  dateOfBirth: string | null;
  phones: string[];
  memberSince: string;
}

export interface VisibleAccount {
  id: number;
  accountNo: string;
  product: string;
  name: string;
  currency: string;
  rekpon: boolean;
  hideDashboard: boolean;
  hideSource: boolean;
  isDefault: boolean;
}

export type LimitCategory = 'transfer' | 'payment' | 'purchase';
export type LimitChannel = 'internet' | 'mobile';

export interface LimitView {
  category: LimitCategory;
  channel: LimitChannel;
  minAmount: number;
  maxPerTransaction: number;
  dailyLimit: number;
  usedToday: number | null;
  bankMax: { maxPerTransaction: number; dailyLimit: number };
  pending: {
    id: number;
    status: 'awaiting_verification' | 'cooling_off';
    maxPerTransaction: number;
    dailyLimit: number;
    requestedAt: string;
    effectiveAt: string | null;
  } | null;
}

export interface AlertSetting {
  enabled: boolean;
  events: string[];
  channels: string[];
  minAmount: number;
  accountIds: number[];
}
export interface Alerts {
  transaction: AlertSetting;
  all: AlertSetting;
}

/** The settings calls (src/server/settings/routes.ts). */
export const settingsApi = {
  profile: (signal?: AbortSignal) => apiPost<Profile>('/api/settings/v1/profile', {}, { signal }),
  visibility: (signal?: AbortSignal) =>
    apiPost<{ accounts: VisibleAccount[] }>('/api/settings/v1/account-visibility', {}, { signal }),
  setVisibility: (accountId: number, hideDashboard: boolean, hideSource: boolean) =>
    apiPost<{ accounts: VisibleAccount[] }>('/api/settings/v1/account-visibility/update', {
      accountId,
      hideDashboard,
      hideSource,
    }),
  limits: (signal?: AbortSignal) =>
    apiPost<{ limits: LimitView[]; coolingOffHours: number }>('/api/settings/v1/limits', {}, { signal }),
  changeLimit: (body: {
    category: LimitCategory;
    channel: LimitChannel;
    maxPerTransaction: number;
    dailyLimit: number;
  }) =>
    apiPost<{ outcome: 'applied' | 'verificationNeeded'; limit: LimitView; coolingOffHours?: number }>(
      '/api/settings/v1/limits/change',
      body,
    ),
  cancelRaise: (requestId: number) =>
    apiPost<{ limits: LimitView[]; coolingOffHours: number }>('/api/settings/v1/limits/cancel', {
      requestId,
    }),
  alerts: (signal?: AbortSignal) => apiPost<Alerts>('/api/settings/v1/alerts', {}, { signal }),
  saveAlerts: (kind: 'transaction' | 'all', s: AlertSetting) =>
    apiPost<Alerts>('/api/settings/v1/alerts/update', { kind, ...s }),
};
