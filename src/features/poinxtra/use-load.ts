import { useEffect, useState } from 'react';

/** One read of the server for a page: the answer, 'failed', or undefined while it loads (again on `key`). */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string = '') {
  const [state, setState] = useState<{ key: string; data?: T; failed?: boolean }>();
  useEffect(() => {
    const ctrl = new AbortController();
    load(ctrl.signal).then(
      (data) => setState({ key, data }),
      () => !ctrl.signal.aborted && setState({ key, failed: true }),
    );
    return () => ctrl.abort();
    // `load` is a fresh closure each render; `key` says when to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const current = state?.key === key ? state : undefined;
  return { data: current?.data, failed: current?.failed === true, set: (data: T) => setState({ key, data }) };
}
