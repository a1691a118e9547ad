import { Clock, durationOption } from './clock';
import { isUpdateFinished, UpdateStatus } from './endpoints';
import { ApiError } from './errors';
import { CallOptions } from './request-executor';

export interface WaitOptions extends CallOptions {
  /** Between two polls. Default 3 s; the rate limiter keeps any interval within the admin limit. */
  intervalMs?: number;
  /** Gives up (kind 'timeout') when the update has not ended by then, after a last poll. Default 30 min. */
  maxWaitMs?: number;
  /** Called with every status read, the last one included. */
  onStatus?: (status: UpdateStatus) => void;
}

type ReadStatus = (statusId: string, options: CallOptions) => Promise<UpdateStatus>;

export async function waitForUpdateEnd(read: ReadStatus, clock: Clock, statusId: string, options: WaitOptions): Promise<UpdateStatus> {
  const intervalMs = durationOption('intervalMs', options.intervalMs, 3000);
  const maxWaitMs = durationOption('maxWaitMs', options.maxWaitMs, 30 * 60_000);
  const call = { signal: options.signal, timeoutMs: options.timeoutMs };
  const started = clock.now();
  for (;;) {
    const status = await read(statusId, call);
    options.onStatus?.(status);
    if (isUpdateFinished(status)) return status;
    const waited = clock.now() - started;
    if (waited >= maxWaitMs) {
      throw new ApiError('timeout', `update '${statusId}' had not ended after ${Math.round(waited / 1000)} s (last status: ${status.status})`);
    }
    try {
      // The last poll comes at the end of the wait: an interval longer than what is left once gave up at once
      // (`--interval 3000000` stopped after 0.1 s, saying 1800 s).
      await clock.sleep(Math.min(intervalMs, maxWaitMs - waited), options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw new ApiError('cancelled', 'it was cancelled');
      throw error;
    }
  }
}

/**
 * The lines of an update's log list not seen in the list read before: the service may append to its list, or
 * replace it (a window of the latest lines, a list started again). The longest end of the previous list that
 * the current list starts with is what both share; what follows it is new. Counting lines instead dropped every
 * line of a replaced list. Found in linear time (Knuth–Morris–Pratt over lines), whatever the service sends.
 */
export function newLogLines(previous: readonly string[], current: readonly string[]): string[] {
  const m = current.length;
  if (m === 0) return [];
  // fail[i]: the longest proper prefix of current[0..i] that also ends it.
  const fail = new Int32Array(m);
  for (let i = 1, k = 0; i < m; i++) {
    while (k > 0 && current[i] !== current[k]) k = fail[k - 1];
    if (current[i] === current[k]) k++;
    fail[i] = k;
  }
  let matched = 0;
  for (const line of previous) {
    while (matched > 0 && (matched === m || line !== current[matched])) matched = fail[matched - 1];
    if (line === current[matched]) matched++;
  }
  return current.slice(matched);
}
