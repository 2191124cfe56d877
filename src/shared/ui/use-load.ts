import { useEffect, useState } from 'react';
import { whenAnswered } from './when-answered';

/**
 * One read of the server for a page: `data` once answered, `failed` when it was refused or could not
 * be sent, neither while it loads; read again whenever `key` changes. A read left behind by a newer
 * one (or by leaving the page) is aborted and never shown.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string = '') {
  const [state, setState] = useState<{ key: string; data?: T; failed?: boolean }>();
  useEffect(() => {
    const ctrl = new AbortController();
    load(ctrl.signal).then(
      whenAnswered((data: T) => setState({ key, data })),
      whenAnswered(() => !ctrl.signal.aborted && setState({ key, failed: true })),
    );
    return () => ctrl.abort();
    // `load` is a fresh closure each render; `key` says when to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const current = state?.key === key ? state : undefined;
  return { data: current?.data, failed: current?.failed === true, set: (data: T) => setState({ key, data }) };
}
