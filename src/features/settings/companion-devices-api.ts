import { apiPost } from '@/shared/api/client';

/** One companion-app device enrolled to approve transactions, as /api/approvals/v1/devices tells it. */
export interface CompanionDevice {
  id: number;
  /** "Chrome on Android"; null for a device enrolled before devices were named. */
  name: string | null;
  enrolledAt: string;
  enrolledWhere: string | null;
  lastSeenAt: string;
  /** Asked after a password reset or credential change: approves nothing until kept. */
  reviewAsked: boolean;
}

export interface CompanionDeviceList {
  devices: CompanionDevice[];
  reviewAsked: boolean;
}

export const companionDevicesApi = {
  list: () => apiPost<CompanionDeviceList>('/api/approvals/v1/devices', {}),
  /** A lost or sold phone, removed at any time. */
  remove: (id: number) => apiPost<CompanionDeviceList>('/api/approvals/v1/devices/remove', { id }),
  review: (keep: number[]) => apiPost<CompanionDeviceList>('/api/approvals/v1/devices/review', { keep }),
};
