import type { i18n as I18n } from 'i18next';
import { describeError, type ErrorView } from '@/shared/api/error-catalogue';
import { toFailureLike } from '@/shared/ui/error-provider';
import { ApiFailure } from '@/shared/api/client';

/** Thrown by a step that has already shown its own message (e.g. inline field errors). */
export class HandledError extends Error {
  constructor() {
    super('handled');
    this.name = 'HandledError';
  }
}

/** Error codes of the OTP service, handled in place by the OTP entry. */
export const OTP_INLINE_CODES = new Set(['OTP_05']);
export const OTP_FROZEN_CODES = new Set(['OTP_FROZEN', 'OTP_ALL_FROZEN']);
export const OTP_EXPIRED_CODES = new Set(['OTP_EXPIRED']);

export function failureCode(err: unknown): string | undefined {
  return err instanceof ApiFailure ? err.errorCode?.toUpperCase() : undefined;
}

/**
 * What the user reads for a failed call, from the shared error catalogue (spec 8) in their
 * language. Null when there is nothing to show (cancelled, or already shown by the page).
 */
export function describeFailure(err: unknown, i18n: Pick<I18n, 'getFixedT' | 'language'>): ErrorView | null {
  if (err instanceof HandledError) return null;
  const view = describeError(toFailureLike(err), i18n);
  return view.kind === 'none' ? null : view;
}
