import { ApiFailure } from '@/shared/api/client';
import type { ApiErrorBody } from '@/shared/api-error';

/**
 * Answers for the doubled apiPost, by path. apiPost is a double in every jsdom test
 * (tests/setup-unit.ts); a test file gives it these answers with
 *   vi.mocked(apiPost).mockImplementation(answer)
 * in its beforeEach.
 */
export type Handler = (body: unknown) => unknown;
export const handlers = new Map<string, Handler>();
export const calls: { path: string; body: unknown }[] = [];

export async function answer(path: string, body: unknown = {}): Promise<unknown> {
  calls.push({ path, body });
  const h = handlers.get(path);
  if (!h) throw new ApiFailure('no_response', 0);
  return h(body);
}

export function reset(): void {
  handlers.clear();
  calls.length = 0;
}

export function callsTo(path: string): unknown[] {
  return calls.filter((c) => c.path === path).map((c) => c.body);
}

export function apiError(
  status: number,
  sourceSystem: string,
  errorCode: string,
  eng: string,
  idn = eng,
): ApiFailure {
  const body: ApiErrorBody = {
    sourceSystem,
    errorCode,
    message: eng,
    errorTitleEng: eng,
    errorTitleIdn: idn,
    errorMessageEng: `${eng} (message)`,
    errorMessageIdn: `${idn} (pesan)`,
  };
  return new ApiFailure(errorCode.toLowerCase() === 'invalid_token' ? 'invalid_token' : 'api', status, body);
}

export function otpChallenge(overrides: Partial<Record<string, unknown>> = {}) {
  const now = Date.now();
  return {
    requestId: 'req-1',
    refNumber: 'AB12',
    phoneId: 1,
    maskedPhone: '+62812****7890',
    expiresAt: new Date(now + 300_000).toISOString(),
    resendAvailableAt: new Date(now + 60_000).toISOString(),
    resendsLeft: 3,
    ...overrides,
  };
}
