import { apiPost } from '@/shared/api/client';
import type {
  AlertSetting,
  Alerts,
  LimitCategory,
  LimitChannel,
  LimitView,
  Profile,
  VisibleAccount,
} from '@/shared/settings';

export type {
  AlertSetting,
  Alerts,
  LimitCategory,
  LimitChannel,
  LimitView,
  Profile,
  VisibleAccount,
} from '@/shared/settings';

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
