import { useContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { Navigate, UNSAFE_DataRouterContext, useLocation, type DataRouter } from 'react-router';
import { flash, SESSION_EXPIRED } from '../../shared/api/session-store';
import { registrationApi } from './api';
import { RegistrationConfigContext, screenPath } from './context';

let blockerSeq = 0;

/**
 * Armed in a layout effect, before the screen is painted: useBlocker arms its blocker two renders
 * after the screen shows, so a back pressed at once on a slow phone went through.
 */
function DataRouterBlocker({ router }: { router: DataRouter }) {
  useLayoutEffect(() => {
    const key = `registration-back-${++blockerSeq}`;
    // Back and forward are POP navigations; links and buttons inside the flow still work.
    router.getBlocker(key, ({ historyAction }) => historyAction === 'POP');
    // The router has already undone the POP; the blocker only needs to be ready for the next one.
    const unsubscribe = router.subscribe((state) => {
      const blocker = state.blockers.get(key);
      if (blocker?.state === 'blocked') blocker.reset();
    });
    return () => {
      unsubscribe();
      router.deleteBlocker(key);
    };
  }, [router]);
  return null;
}

/** Without a data router (the internet-banking app's screens): a back lands on a copy of this entry, pushed again. */
function PopStateBlocker() {
  useLayoutEffect(() => {
    const stay = () => window.history.pushState(window.history.state, '', window.location.href);
    stay();
    window.addEventListener('popstate', stay);
    return () => window.removeEventListener('popstate', stay);
  }, []);
  return null;
}

/** Browser back and forward do nothing on this screen (spec: registration and card activation screens). */
export function BlockBackForward() {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <DataRouterBlocker router={dataRouter.router} /> : <PopStateBlocker />;
}

/** Entered without the previous step's state: back to the registration base. */
export function RequireState<S>({
  valid,
  children,
}: {
  valid: (state: unknown) => state is S;
  children: (state: S) => ReactNode;
}) {
  const location = useLocation();
  const { prefix } = useContext(RegistrationConfigContext);
  const state: unknown = location.state;
  if (!valid(state)) return <Navigate to={screenPath(prefix, '')} replace />;
  return (
    <>
      <BlockBackForward />
      {children(state)}
    </>
  );
}

/** Sends the user to login with the session-expired flag (spec: a failed extension goes to login). */
export function toLogin(): void {
  flash.set(SESSION_EXPIRED, '1');
  window.location.assign('/login/');
}

/**
 * Extends the registration (or card-activation) token when a screen loads; a dead token goes to
 * login. Returns when the token expires, for the session-timeout countdown.
 */
export function useExtendCache(token: string | undefined, kind: 'registration' | 'card'): string | undefined {
  const [expiresAt, setExpiresAt] = useState<string>();
  useEffect(() => {
    if (!token) return;
    const call = kind === 'card' ? registrationApi.cardExtend : registrationApi.extend;
    let live = true;
    call(token).then(
      (r) => live && setExpiresAt(r.expiresAt),
      (err: unknown) => {
        if ((err as { kind?: string }).kind !== 'cancelled') toLogin();
      },
    );
    return () => {
      live = false;
    };
  }, [token, kind]);
  return expiresAt;
}
