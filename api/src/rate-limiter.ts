import { Clock, realClock } from './clock';
import { KeyKind } from './keys';

export interface RateLimiterOptions {
  clock?: Clock;
  /** Requests allowed per window and key class. */
  limits?: Partial<Record<KeyKind, number>>;
  windowMs?: number;
}

/** The service's published limits: 100 admin and 1000 assistant requests a minute. */
export const SERVICE_LIMITS: Record<KeyKind, number> = { admin: 100, assistant: 1000 };
// One second more than the service's minute, so requests that arrive later than they were sent still fit.
const DEFAULT_WINDOW_MS = 61_000;

/** Sliding-window limiter per key class: waits before a request rather than letting the service answer 429. */
export class RateLimiter {
  private readonly clock: Clock;
  private readonly limits: Record<KeyKind, number>;
  private readonly windowMs: number;
  private readonly sent: Record<KeyKind, number[]> = { admin: [], assistant: [] };

  constructor(options: RateLimiterOptions = {}) {
    this.clock = options.clock ?? realClock;
    this.limits = { ...SERVICE_LIMITS, ...options.limits };
    this.windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  }

  /** Resolves when a request of this class may be sent, and counts it. */
  async acquire(kind: KeyKind, signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      const times = this.sent[kind];
      while (times.length > 0 && times[0] <= now - this.windowMs) times.shift();
      if (times.length < this.limits[kind]) {
        times.push(now);
        return;
      }
      await this.clock.sleep(Math.max(1, times[0] + this.windowMs - now), signal);
    }
  }

  /** Requests of this class counted in the current window. */
  inWindow(kind: KeyKind): number {
    const now = this.clock.now();
    return this.sent[kind].filter((time) => time > now - this.windowMs).length;
  }
}

let shared: RateLimiter | undefined;

/** One limiter for the whole process, so every client of the process shares the budget. */
export function sharedRateLimiter(): RateLimiter {
  shared ??= new RateLimiter();
  return shared;
}
