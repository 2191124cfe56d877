import {
  createContext,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useInRouterContext, useLocation, useNavigationType } from 'react-router';
import { ApiFailure } from '../api/client';
import {
  describeError,
  type ErrorAction,
  type ErrorContext,
  type ErrorView,
  type FailureLike,
} from '../api/error-catalogue';
import { flash, SESSION_EXPIRED, setCredentials } from '../api/session-store';
import { CONTACT_CENTRE } from '../constants';
import type { ErrorDialogProps } from './error-dialog';

export interface ShowErrorOptions {
  context?: ErrorContext;
  /** The caller shows 'inline' views itself (field messages, empty states); otherwise they open the dialog. */
  inlineHandled?: boolean;
  /** What Reload does on the timeout dialog (default: reload the page). */
  onRetry?: () => void;
  /** Called when the dialog closes (any button). */
  onClose?: () => void;
}

export interface ErrorHandler {
  /** Shows the right thing for a failed call and returns what it showed (kind 'none' for cancelled). */
  showError: (error: unknown, opts?: ShowErrorOptions) => ErrorView;
  /** Opens the dialog for a ready view (e.g. a catalogue entry shown without a failure). */
  showView: (view: ErrorView, opts?: ShowErrorOptions) => void;
  /** Only describes, shows nothing. */
  describe: (error: unknown, context?: ErrorContext) => ErrorView;
  close: () => void;
}

/** The spec's session path: clear the session, flag session_expired, go to login. */
export function expireSession(): void {
  setCredentials(null);
  flash.set(SESSION_EXPIRED, '1');
  globalThis.location?.assign('/login/');
}

/** Anything thrown by a call as something the catalogue reads. */
export function toFailureLike(error: unknown): FailureLike {
  if (error instanceof ApiFailure) return error;
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number')
    return error as FailureLike;
  if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'cancelled', status: 0 };
  return { kind: 'no_response', status: 0 };
}

/** The dialog a handler opens: ErrorDialog, brought by the module of `useErrorHandler` (error-handler.tsx). */
export type ErrorDialogComponent = ComponentType<ErrorDialogProps>;

/**
 * What the provider gives `useErrorHandler`: `open` takes the dialog component to show. The provider
 * itself imports no dialog, so a page tree that never opens one (the login page) carries no
 * Dialog/Modal code; every module that can open it imports it, so it opens offline too.
 */
export interface ErrorProviderValue {
  open: (view: ErrorView, opts: ShowErrorOptions, dialog: ErrorDialogComponent) => void;
  describe: ErrorHandler['describe'];
  close: () => void;
}

export const ErrorHandlerContext = createContext<ErrorProviderValue | null>(null);

export interface ErrorProviderProps {
  children: ReactNode;
  /** Session expired (invalid token): default clears the session and goes to /login/. */
  onSessionExpired?: () => void;
  /** Navigation for dialog actions (openAccount, defaultAccount); default: a full page load. */
  navigate?: (path: string) => void;
}

export const ACTION_PATHS = {
  openAccount: '/applyandinvest/saving/',
  defaultAccount: '/settings/account-visibility/',
} as const;

/**
 * The browser's Back or Forward leaves the page a dialog spoke of, so the dialog goes with it (its
 * onClose, meant for the dialog's own buttons, is not called: it may lead elsewhere). The app's own
 * navigations (push, replace) keep it: a page may show an error and then move on.
 */
function DismissOnBack({ dismiss }: { dismiss: () => void }) {
  const { key } = useLocation();
  const how = useNavigationType();
  const seen = useRef(key);
  useEffect(() => {
    if (key === seen.current) return;
    seen.current = key;
    if (how === 'POP') dismiss();
  }, [key, how, dismiss]);
  return null;
}

/** Holds the one error dialog of a page tree; `useErrorHandler()` opens it. */
export function ErrorProvider({ children, onSessionExpired = expireSession, navigate }: ErrorProviderProps) {
  const { i18n } = useTranslation('errors');
  const [view, setView] = useState<ErrorView | null>(null);
  // Mounted from the first opening on, so it closes with its transition like before.
  const [Dialog, setDialog] = useState<ErrorDialogComponent | null>(null);
  const optsRef = useRef<ShowErrorOptions>({});

  const inRouter = useInRouterContext();
  // Closes without the caller's onClose (Back, or Reload, which retries instead).
  const dismiss = useCallback(() => {
    setView(null);
    optsRef.current = {};
  }, []);

  const close = useCallback(() => {
    const cb = optsRef.current.onClose;
    dismiss();
    cb?.();
  }, [dismiss]);

  const showView = useCallback(
    (v: ErrorView, opts: ShowErrorOptions, dialog: ErrorDialogComponent) => {
      if (v.kind === 'none') return;
      if (v.kind === 'session') {
        onSessionExpired();
        return;
      }
      if (v.kind === 'inline' && opts.inlineHandled) return;
      optsRef.current = opts;
      setDialog(() => dialog);
      setView(v);
    },
    [onSessionExpired],
  );

  const describe = useCallback(
    (error: unknown, context?: ErrorContext) => describeError(toFailureLike(error), i18n, context),
    [i18n],
  );

  const onAction = useCallback(
    (action: ErrorAction) => {
      const go = navigate ?? ((p: string) => globalThis.location?.assign(p));
      const retry = optsRef.current.onRetry;
      switch (action) {
        case 'reload':
          dismiss();
          if (retry) retry();
          else globalThis.location?.reload();
          return;
        case 'login':
          setView(null);
          onSessionExpired();
          return;
        case 'openAccount':
        case 'defaultAccount':
          close();
          go(ACTION_PATHS[action]);
          return;
        case 'callCentre':
          close();
          globalThis.location?.assign(`tel:${CONTACT_CENTRE}`);
          return;
        default:
          close();
      }
    },
    [close, dismiss, navigate, onSessionExpired],
  );

  const value = useMemo<ErrorProviderValue>(
    () => ({ open: showView, describe, close }),
    [showView, describe, close],
  );
  return (
    <ErrorHandlerContext.Provider value={value}>
      {children}
      {inRouter && <DismissOnBack dismiss={dismiss} />}
      {Dialog && <Dialog view={view} onClose={close} onAction={onAction} />}
    </ErrorHandlerContext.Provider>
  );
}
