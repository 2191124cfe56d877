// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleTimer } from '../../../src/app/session/idle-timer';
import { SESSION } from '../../../src/shared/constants';

describe('IdleTimer', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  function make() {
    const onPrompt = vi.fn();
    const onIdle = vi.fn();
    const onAbsolute = vi.fn();
    const timer = new IdleTimer({
      idleMs: SESSION.idleMs,
      promptMs: SESSION.idlePromptMs,
      onPrompt,
      onIdle,
      onAbsolute,
    });
    timer.start();
    return { timer, onPrompt, onIdle, onAbsolute };
  }

  it('uses the spec constants: 5 minutes idle, prompt 60 seconds before', () => {
    expect(SESSION.idleMs).toBe(300_000);
    expect(SESSION.idlePromptMs).toBe(60_000);
  });

  it('prompts 60 s before the limit and logs out at 5 minutes', () => {
    const { onPrompt, onIdle } = make();
    vi.advanceTimersByTime(239_999);
    expect(onPrompt).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onPrompt).toHaveBeenCalledWith(1_000_000 + 300_000);
    vi.advanceTimersByTime(59_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('activity before the prompt postpones it', () => {
    const { timer, onPrompt, onIdle } = make();
    vi.advanceTimersByTime(200_000);
    timer.activity();
    vi.advanceTimersByTime(200_000);
    expect(onPrompt).not.toHaveBeenCalled();
    vi.advanceTimersByTime(40_000);
    expect(onPrompt).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('activity while the prompt is open does not continue the session; "Yes, I\'m still here" does', () => {
    const { timer, onPrompt, onIdle } = make();
    vi.advanceTimersByTime(250_000);
    expect(onPrompt).toHaveBeenCalledOnce();
    timer.activity();
    vi.advanceTimersByTime(30_000);
    timer.stay();
    vi.advanceTimersByTime(239_000);
    expect(onIdle).not.toHaveBeenCalled();
    expect(onPrompt).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1_000);
    expect(onPrompt).toHaveBeenCalledTimes(2);
  });

  it('logs out at once when the timer fires late past the limit (a sleeping laptop)', () => {
    const { onIdle, onPrompt } = make();
    vi.setSystemTime(1_000_000 + 400_000);
    vi.advanceTimersByTime(240_000);
    expect(onIdle).toHaveBeenCalledOnce();
    expect(onPrompt).not.toHaveBeenCalled();
  });

  it('ends at the absolute limit whatever the activity', () => {
    const { timer, onAbsolute, onIdle } = make();
    timer.setAbsoluteExpiry(1_000_000 + 10 * 60_000);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(59_000);
      timer.activity();
    }
    expect(onAbsolute).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(onAbsolute).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(600_000);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('does nothing after stop()', () => {
    const { timer, onPrompt, onIdle } = make();
    timer.stop();
    vi.advanceTimersByTime(600_000);
    expect(onPrompt).not.toHaveBeenCalled();
    expect(onIdle).not.toHaveBeenCalled();
  });
});
