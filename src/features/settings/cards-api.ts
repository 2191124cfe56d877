import { apiPost } from '@/shared/api/client';
import type { Money } from '@/shared/money';

export interface CreditCardView {
  id: number;
  cardName: string;
  maskedNumber: string;
  status: 'active' | 'blocked' | 'inactive' | 'closed';
  supplementary: boolean;
  creditLimit: Money;
  spendingLimit: Money;
  available: Money;
  temporaryUntil: string | null;
  online: boolean;
  overseas: boolean;
  dailyLimit: Money | null;
}

export interface DebitCardView {
  id: number;
  last4: string;
  accountNo: string;
  accountName: string;
  status: 'active' | 'blocked';
  linked: boolean;
}

export const cardsApi = {
  list: (signal?: AbortSignal) =>
    apiPost<{ creditCards: CreditCardView[]; debitCards: DebitCardView[] }>(
      '/api/cards/v1/list',
      {},
      { signal },
    ),
  cvvOtp: (card: number) =>
    apiPost<{ requestId: string; refNumber: string; maskedPhone: string; expiresAt: string }>(
      '/api/cards/v1/cvv/otp',
      { card },
    ),
  revealCvv: (card: number, requestId: string, otp: string) =>
    apiPost<{ cvv: string; showSeconds: number }>('/api/cards/v1/cvv/reveal', { card, requestId, otp }),
};

export interface BifastAlias {
  id: number;
  kind: 'phone' | 'email';
  alias: string;
  accountNo: string;
  accountName: string;
}

export const aliasApi = {
  list: (signal?: AbortSignal) =>
    apiPost<{ aliases: BifastAlias[] }>('/api/settings/v1/bifast-aliases', {}, { signal }),
};
