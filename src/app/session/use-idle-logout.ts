import { useEffect, useRef, useState } from 'react';
import { apiPost } from '@/shared/api/client';
import { SESSION } from '@/shared/constants';
import { IdleTimer } from './idle-timer';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
/** Activity without calls would let the server's idle expiry pass: refresh it at most this often. */
const REFRESH_EVERY_MS = 60_000;

export interface IdleState {
  /** Epoch ms of the auto-logout while the prompt is open, else null. */
  promptDeadline: number | null;
  /** "Yes, I'm still here": refreshes the session and closes the prompt. */
  stay: () => void;
}

/** Tracks activity; opens the prompt 60 s before the 5-minute idle limit; logs out at the limit or the absolute one. */
export function useIdleLogout(opts: {
  absoluteExpires: number | null;
  onTimeout: (reason: 'idle' | 'absolute') => void;
}): IdleState {
  const [promptDeadline, setPromptDeadline] = useState<number | null>(null);
  const timerRef = useRef<IdleTimer | null>(null);
  const onTimeoutRef = useRef(opts.onTimeout);
  useEffect(() => {
    onTimeoutRef.current = opts.onTimeout;
  });

  useEffect(() => {
    let lastRefresh = Date.now();
    const timer = new IdleTimer({
      idleMs: SESSION.idleMs,
      promptMs: SESSION.idlePromptMs,
      onPrompt: (deadline) => setPromptDeadline(deadline),
      onIdle: () => {
        setPromptDeadline(null);
        onTimeoutRef.current('idle');
      },
      onAbsolute: () => {
        setPromptDeadline(null);
        onTimeoutRef.current('absolute');
      },
    });
    timerRef.current = timer;
    timer.start();
    const onActivity = () => {
      if (timer.isPrompted) return;
      timer.activity();
      const now = Date.now();
      if (now - lastRefresh > REFRESH_EVERY_MS) {
        lastRefresh = now;
        apiPost('/api/v1/session/refresh', {}).catch(() => undefined);
      }
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true, capture: true });
    return () => {
      timer.stop();
      timerRef.current = null;
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
    };
  }, []);

  useEffect(() => {
    timerRef.current?.setAbsoluteExpiry(opts.absoluteExpires);
  }, [opts.absoluteExpires]);

  const stay = () => {
    timerRef.current?.stay();
    setPromptDeadline(null);
    apiPost('/api/v1/session/refresh', {}).catch(() => undefined);
  };
  return { promptDeadline, stay };
}
