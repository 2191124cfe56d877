import { useContext, useMemo } from 'react';
import { ErrorDialog } from './error-dialog';
import { ErrorHandlerContext, type ErrorHandler } from './error-provider';

export {
  ErrorProvider,
  expireSession,
  toFailureLike,
  ACTION_PATHS,
  type ErrorHandler,
  type ErrorProviderProps,
  type ShowErrorOptions,
} from './error-provider';

/**
 * The error handler of the nearest ErrorProvider. This module brings the error dialog with it, so
 * every page that can open the dialog has its code loaded (it opens without the network).
 */
export function useErrorHandler(): ErrorHandler {
  const ctx = useContext(ErrorHandlerContext);
  const handler = useMemo<ErrorHandler | null>(
    () =>
      ctx && {
        showView: (view, opts = {}) => ctx.open(view, opts, ErrorDialog),
        showError: (error, opts = {}) => {
          const view = ctx.describe(error, opts.context);
          ctx.open(view, opts, ErrorDialog);
          return view;
        },
        describe: ctx.describe,
        close: ctx.close,
      },
    [ctx],
  );
  if (!handler) throw new Error('useErrorHandler() needs an <ErrorProvider> above it');
  return handler;
}
