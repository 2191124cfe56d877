import { startTransition } from 'react';

/**
 * Wraps a state update that a server's answer brings so it runs as a transition. React renders a
 * transition in slices and yields between them, so a whole page arriving (a dashboard, a form with
 * its choices) does not hold the phone's main thread for a few hundred milliseconds and a tap in
 * the meantime is answered. An ordinary update after an await renders in one block (issue 20: TBT).
 */
export function whenAnswered<A extends unknown[]>(update: (...args: A) => unknown): (...args: A) => void {
  return (...args) => startTransition(() => void update(...args));
}
