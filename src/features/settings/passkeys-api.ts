import { apiPost } from '@/shared/api/client';

/** One of the customer's passkeys, as /api/passkeys/v1/list tells it. */
export interface PasskeyView {
  id: number;
  name: string;
  createdAt: string;
  createdWhere: string | null;
  lastUsedAt: string | null;
  lastUsedWhere: string | null;
  synced: boolean;
  blocked: boolean;
  reviewAsked: boolean;
}

export interface PasskeyList {
  passkeys: PasskeyView[];
  reviewAsked?: boolean;
}

export interface StepUpOtp {
  requestId: string;
  refNumber: string;
  maskedPhone: string;
  expiresAt: string;
}

export const passkeysApi = {
  list: () => apiPost<PasskeyList>('/api/passkeys/v1/list', {}),
  stepUp: (action: 'enrol' | 'remove') => apiPost<StepUpOtp>('/api/passkeys/v1/step-up', { action }),
  stepUpVerify: (requestId: string, otp: string) =>
    apiPost<{ passed: true }>('/api/passkeys/v1/step-up/verify', { requestId, otp }),
  registerOptions: () =>
    apiPost<{ options: Record<string, unknown>; expiresAt: string }>('/api/passkeys/v1/register/options', {}),
  register: (name: string, response: unknown) =>
    apiPost<{ passkey: PasskeyView }>('/api/passkeys/v1/register', { name, response }),
  rename: (id: number, name: string) => apiPost<PasskeyList>('/api/passkeys/v1/rename', { id, name }),
  remove: (ids: number[]) => apiPost<PasskeyList>('/api/passkeys/v1/remove', { ids }),
  review: (keep: number[]) => apiPost<PasskeyList>('/api/passkeys/v1/review', { keep }),
};
