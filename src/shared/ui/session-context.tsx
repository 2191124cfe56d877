import { createContext, useContext } from 'react';
import type { CustomerFlags } from './feature-gate';

/** The customer as /api/v1/session/me describes them (CONTRACTS.md CustomerSummary). */
export interface SessionCustomer extends CustomerFlags {
  userId: string;
  title: string;
  fullName: string;
  displayName: string;
  lastLoginAt: string | null;
}

export interface SessionValue {
  /** null until /api/v1/session/me answered. */
  customer: SessionCustomer | null;
  /** Epoch ms of the absolute session end, when known. */
  absoluteExpires: number | null;
  /** The spec's logout (server call, chat disconnect, clear, login page). */
  logout: () => Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

/** The logged-in session, provided by the app shell (null outside it, e.g. on the login pages). */
export function useSession(): SessionValue | null {
  return useContext(SessionContext);
}

export function useCustomer(): SessionCustomer | null {
  return useContext(SessionContext)?.customer ?? null;
}
