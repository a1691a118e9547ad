import { ApiError } from './errors';

/** Time as the client sees it; tests pass their own to assert schedules without waiting. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

// Node's timers hold at most 2^31-1 ms (24.8 days); a longer delay fires after 1 ms.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** setTimeout for any delay: a longer one than a timer holds is waited in steps. Answers the function that cancels it. */
export function startTimer(callback: () => void, ms: number): () => void {
  let timer: NodeJS.Timeout;
  const due = Date.now() + Math.max(0, ms);
  const arm = (left: number) => {
    timer = setTimeout(() => {
      const rest = due - Date.now();
      if (rest > 0) arm(rest);
      else callback();
    }, Math.min(left, LONGEST_TIMER_MS));
  };
  arm(Math.max(0, ms));
  return () => clearTimeout(timer);
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        cancel();
        reject(signal?.reason);
      };
      const cancel = startTimer(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** A duration option: `fallback` when not given; refused (kind 'config') unless a number of ms from 0 up. */
export function durationOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) throw new ApiError('config', `${name} must be a number of milliseconds from 0 up (got ${String(value)})`);
  return value;
}
