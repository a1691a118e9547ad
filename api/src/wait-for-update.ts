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
