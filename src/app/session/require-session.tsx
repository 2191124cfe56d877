import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { getCredentials, onCredentialsChange } from '@/shared/api/session-store';

const subscribe = (cb: () => void) => onCredentialsChange(cb);
const hasSession = () => getCredentials() !== null;

export function useHasSession(): boolean {
  return useSyncExternalStore(subscribe, hasSession, () => false);
}

/** The session guard: no stored credentials -> the login page. */
export function RequireSession({ children }: { children: ReactNode }) {
  return useHasSession() ? children : <Navigate to="/login/" replace />;
}

/** '/': the dashboard when logged in, else login. */
export function RootRedirect() {
  return <Navigate to={hasSession() ? '/dashboard/' : '/login/'} replace />;
}
