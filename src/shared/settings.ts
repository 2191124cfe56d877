/**
 * The answers of /api/settings/v1/*: one shape for the server that sends them (src/server/settings)
 * and the pages that read them (src/features/settings). Amounts are IDR minor units.
 */

export type LimitChannel = 'internet' | 'mobile';
/** Categories a customer sets (own-account transfers have no limit to set). */
export type LimitCategory = 'transfer' | 'payment' | 'purchase';

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

/** Personal information as the bank holds it (phone and e-mail masked). */
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
