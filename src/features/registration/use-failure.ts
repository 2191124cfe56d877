import { useCallback, useState } from 'react';
import { useErrorHandler, type ShowErrorOptions } from '../../shared/ui';
import type { ErrorView } from '../../shared/api/error-catalogue';

/**
 * Shows a failed call the catalogue's way: field messages in place, other inline messages at the
 * top of the form (the draft's "general error"), everything else in the error dialog.
 */
export function useFailure(showServerFields?: (fields: Record<string, string> | undefined) => boolean) {
  const { showError } = useErrorHandler();
  const [general, setGeneral] = useState<string | null>(null);
  const fail = useCallback(
    (err: unknown, opts: Omit<ShowErrorOptions, 'inlineHandled'> = {}): ErrorView => {
      const view = showError(err, { ...opts, inlineHandled: true });
      if (view.kind === 'inline') {
        const placed = showServerFields?.(view.fields) ?? false;
        setGeneral(placed ? null : view.message);
      } else setGeneral(null);
      return view;
    },
    [showError, showServerFields],
  );
  return { fail, general, setGeneral };
}
