/**
 * Idle tracking without re-arming a timer on every mouse move: activity only records a time, and
 * the single timer checks it when it fires. A timer that fires late (a sleeping laptop) still
 * logs out at once if the limit has passed.
 */
export interface IdleTimerOptions {
  /** Idle time before auto-logout (SESSION.idleMs). */
  idleMs: number;
  /** The prompt shows this long before the limit (SESSION.idlePromptMs). */
  promptMs: number;
  /** The prompt opens; `deadline` is the epoch ms of the auto-logout. */
  onPrompt: (deadline: number) => void;
  /** The idle limit passed. */
  onIdle: () => void;
  /** The absolute session limit passed. */
  onAbsolute?: () => void;
  now?: () => number;
}

export class IdleTimer {
  private last = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private absTimer: ReturnType<typeof setTimeout> | undefined;
  private prompted = false;
  private running = false;
  private readonly now: () => number;

  constructor(private readonly opts: IdleTimerOptions) {
    this.now = opts.now ?? Date.now;
  }

  get isPrompted(): boolean {
    return this.prompted;
  }

  start(): void {
    this.running = true;
    this.prompted = false;
    this.last = this.now();
    this.arm(this.opts.idleMs - this.opts.promptMs);
  }

  /** User activity. Ignored once the prompt is open: only "Yes, I'm still here" continues. */
  activity(): void {
    if (!this.running || this.prompted) return;
    this.last = this.now();
  }

  /** "Yes, I'm still here". */
  stay(): void {
    if (!this.running) return;
    this.prompted = false;
    this.last = this.now();
    this.arm(this.opts.idleMs - this.opts.promptMs);
  }

  /** The absolute limit of the session (epoch ms); logging out there whatever the activity. */
  setAbsoluteExpiry(at: number | null): void {
    clearTimeout(this.absTimer);
    this.absTimer = undefined;
    if (at === null || !this.running) return;
    // setTimeout overflows past ~24.8 days; a session never lasts that long, clamp anyway
    const wait = Math.min(Math.max(0, at - this.now()), 2_000_000_000);
    this.absTimer = setTimeout(() => {
      if (!this.running) return;
      this.stop();
      this.opts.onAbsolute?.();
    }, wait);
  }

  stop(): void {
    this.running = false;
    this.prompted = false;
    clearTimeout(this.timer);
    clearTimeout(this.absTimer);
    this.timer = this.absTimer = undefined;
  }

  private arm(wait: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), Math.max(0, wait));
  }

  private check(): void {
    if (!this.running) return;
    const { idleMs, promptMs } = this.opts;
    const idleFor = this.now() - this.last;
    if (idleFor >= idleMs) {
      this.stop();
      this.opts.onIdle();
      return;
    }
    if (!this.prompted && idleFor < idleMs - promptMs) {
      this.arm(idleMs - promptMs - idleFor);
      return;
    }
    if (!this.prompted) {
      this.prompted = true;
      this.opts.onPrompt(this.last + idleMs);
    }
    this.arm(idleMs - idleFor);
  }
}
