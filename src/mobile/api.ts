import { apiPost, ApiFailure } from '@/shared/api/client';
import { getBrowserId, getCredentials, setCredentials } from '@/shared/api/session-store';
import { readEventStream } from '@/shared/api/event-stream';
import type { Money } from '@/shared/money';

/** What the companion app shows of one approval request (server: src/server/approvals/store.ts). */
export interface PendingApproval {
  approvalId: string;
  expiresAt: string;
  resendsLeft: number;
  createdAt: string;
  /** Three numbers; the one internet banking shows approves, another rejects. */
  matchChoices: number[];
  summary: {
    flowId: string;
    title: { eng: string; idn: string };
    /** Absent for a request that moves no money (a card block). */
    amount?: Money;
    fees: { kind: 'admin' | 'clearing' | 'correspondence'; amount: Money }[];
    total?: Money;
    exchangeRate?: string;
    equivalent?: Money;
    rows: { labelEng: string; labelIdn: string; valueEng: string; valueIdn: string }[];
  };
}

export interface MobileCustomer {
  title: string;
  fullName: string;
  displayName: string;
}

const CUSTOMER = 'mobileCustomer';

export function storedCustomer(): MobileCustomer | null {
  try {
    const raw = sessionStorage.getItem(CUSTOMER);
    return raw ? (JSON.parse(raw) as MobileCustomer) : null;
  } catch {
    return null;
  }
}

/** The SMS code a device new to the customer must answer before it may approve anything. */
export interface EnrolChallenge {
  challengeId: string;
  otp: {
    refNumber: string;
    maskedPhone: string;
    expiresAt: string;
    resendAvailableAt: string;
    resendsLeft: number;
  };
}

type LoginAnswer =
  | { status: 'ok'; accessToken: string; expires: number; customer: MobileCustomer }
  | { status: 'challenge'; challenge: EnrolChallenge };

function loggedIn(r: Extract<LoginAnswer, { status: 'ok' }>): MobileCustomer {
  setCredentials({ accessToken: r.accessToken, expires: r.expires });
  sessionStorage.setItem(CUSTOMER, JSON.stringify(r.customer));
  return r.customer;
}

/** User id and app PIN: the customer, or (on a device not yet enrolled) the SMS code to answer first. */
export async function login(
  userId: string,
  appPin: string,
): Promise<{ customer: MobileCustomer } | { challenge: EnrolChallenge }> {
  const r = await apiPost<LoginAnswer>('/api/mobile/v1/login', { userId, appPin }, { auth: 'none' });
  return r.status === 'ok' ? { customer: loggedIn(r) } : { challenge: r.challenge };
}

/** Answers the enrolment code: the device is enrolled for approvals and the app logged in. */
export async function enrol(challengeId: string, otp: string): Promise<MobileCustomer> {
  const r = await apiPost<LoginAnswer>(
    '/api/mobile/v1/login/challenge',
    { challengeId, otp },
    { auth: 'none' },
  );
  if (r.status !== 'ok') throw new Error('enrolment answered another challenge');
  return loggedIn(r);
}

export const resendEnrolCode = (challengeId: string) =>
  apiPost<EnrolChallenge['otp']>('/api/mobile/v1/login/challenge/resend', { challengeId }, { auth: 'none' });

export async function logout(): Promise<void> {
  try {
    await apiPost('/api/mobile/v1/logout', {});
  } catch {
    // the session is forgotten here whatever the server says
  }
  // Everything the tab kept of the session (the customer's name, the token) goes.
  sessionStorage.clear();
  setCredentials(null);
}

export const listApprovals = () =>
  apiPost<{ approvals: PendingApproval[] }>('/api/mobile/v1/approvals/list', {});

export const decide = (approvalId: string, decision: 'approve' | 'reject', matchNumber?: number) =>
  apiPost<{ status: string }>('/api/mobile/v1/approvals/decide', {
    approvalId,
    decision,
    ...(matchNumber !== undefined ? { matchNumber } : {}),
  });

/**
 * Follows the server-sent events with fetch streaming (EventSource cannot send the bearer header),
 * reconnecting with a growing pause until aborted. 401 ends the session.
 */
export function followApprovals(handlers: {
  onList: (list: PendingApproval[]) => void;
  onState: (live: boolean) => void;
  onUnauthorized: () => void;
}): () => void {
  const ac = new AbortController();
  let pause = 1_000;
  const run = async () => {
    while (!ac.signal.aborted) {
      const creds = getCredentials();
      if (!creds) return handlers.onUnauthorized();
      try {
        const res = await fetch('/api/mobile/v1/approvals/events', {
          headers: { authorization: `Bearer ${creds.accessToken}`, 'x-browser-id': getBrowserId() },
          signal: ac.signal,
        });
        if (res.status === 401) return handlers.onUnauthorized();
        if (!res.ok || !res.body) throw new Error(`events ${res.status}`);
        handlers.onState(true);
        pause = 1_000;
        await readEventStream(res.body, (e) => {
          if (e.event === 'approvals')
            handlers.onList((JSON.parse(e.data) as { approvals: PendingApproval[] }).approvals);
          // A server that stops asks for it: follow again at once (another server answers).
          if (e.event === 'reconnect') pause = 0;
        });
      } catch {
        if (ac.signal.aborted) return;
      }
      if (pause > 0) handlers.onState(false);
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(Math.max(pause, 500) * 2, 15_000);
    }
  };
  void run();
  return () => ac.abort();
}

/** The server's own words in the chosen language, or ours when it sent none. */
export function failureText(
  err: unknown,
  lang: string,
  fallback: { generic: string; noResponse: string },
): string {
  if (err instanceof ApiFailure) {
    if (err.body) return lang === 'en' ? err.body.errorMessageEng : err.body.errorMessageIdn;
    if (err.kind === 'no_response' || err.kind === 'timeout') return fallback.noResponse;
  }
  return fallback.generic;
}
