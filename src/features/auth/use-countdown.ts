import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (an ISO instant or epoch ms), never negative. */
export function secondsUntil(until: string | number | null | undefined, now: number = Date.now()): number {
  if (until === null || until === undefined) return 0;
  const at = typeof until === 'number' ? until : Date.parse(until);
  if (!Number.isFinite(at)) return 0;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * A countdown to a server-given instant. It is recomputed from the clock on every tick, so a
 * throttled background tab or a reload never shows a wrong number.
 */
export function useCountdown(until: string | number | null | undefined): number {
  const [left, setLeft] = useState(() => secondsUntil(until));
  useEffect(() => {
    setLeft(secondsUntil(until));
    if (secondsUntil(until) === 0) return;
    const timer = setInterval(() => {
      const s = secondsUntil(until);
      setLeft(s);
      if (s === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}

/** 75 -> "01:15". */
export function mmss(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
