import { ApiError } from './errors';

export interface RetryOptions {
  /** Requests in all before a 429 is given up on: 3 to 5 (default 4, i.e. waits of 1, 2 and 4 s). */
  maxAttempts?: number;
  /** First backoff wait; doubles on each retry. Default 1000 ms. */
  baseDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the request fails at once. Default 60 s. */
  maxRetryAfterMs?: number;
}

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxRetryAfterMs: number;
}

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  const maxAttempts = options.maxAttempts ?? 4;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 3 || maxAttempts > 5) {
    throw new ApiError('config', `retry attempts must be a whole number from 3 to 5 (got ${maxAttempts})`);
  }
  const baseDelayMs = options.baseDelayMs ?? 1000;
  if (!(baseDelayMs >= 0)) throw new ApiError('config', `the retry base delay must be 0 ms or more (got ${baseDelayMs})`);
  return { maxAttempts, baseDelayMs, maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000 };
}

/** Wait before retry number `retry` (0 for the first retry): base, 2×base, 4×base, … */
export function backoffDelay(policy: RetryPolicy, retry: number): number {
  return policy.baseDelayMs * 2 ** retry;
}

/**
 * `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date (all three forms start with a day name).
 * Undefined, so that the backoff applies, for anything else and for a wait of nothing: `0`, `-5` or a date
 * already past would make every retry at once.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  const ms = /^\d+(\.\d+)?$/.test(text) ? Math.round(Number(text) * 1000) : /^[A-Za-z]{3}/.test(text) ? Date.parse(text) - now : NaN;
  return ms > 0 ? ms : undefined;
}
