import { assertSecureForKeys, joinUrl, parseBaseUrl } from './base-url';
import { readBounded } from './bounded-body';
import { Clock, durationOption, startTimer } from './clock';
import { ApiForm, Endpoint, formBase } from './endpoints';
import { ApiError } from './errors';
import { KeyKind, requireKey } from './keys';
import { RateLimiter } from './rate-limiter';
import { backoffDelay, parseRetryAfter, RetryPolicy } from './retry-policy';
import { errorForStatus, parseErrorBody } from './status-errors';
import { Transport, TransportResponse } from './transport';

export interface ExecutorSettings {
  baseUrl: string | undefined;
  form: ApiForm;
  keys: Partial<Record<KeyKind, string>>;
  clock: Clock;
  limiter: RateLimiter;
  retry: RetryPolicy;
  transport: Transport;
  timeoutMs: number;
  maxBodyBytes: number;
  userAgent: string;
  log(line: string): void;
}

export interface CallOptions {
  /** Cancels the call: waiting, sending and reading. */
  signal?: AbortSignal;
  /** Overrides the client's per-request timeout (headers and whole body). */
  timeoutMs?: number;
}

/** A 2xx answer whose body is still to be read; its body yields chunks or throws ApiError. */
export interface OpenResponse {
  status: number;
  header(name: string): string | undefined;
  body: AsyncIterable<Uint8Array>;
  /** Stops reading: frees the timer and drops the connection unless the body was read to its end. */
  discard(): void;
}

const TIMEOUT = Symbol('timeout');
const CANCELLED = Symbol('cancelled');
const ERROR_BODY_LIMIT = 64 * 1024;

/** Sends one endpoint call: checks, rate limit, timeout, retries on 429 (and once on 5xx when safe). */
export async function openEndpoint(settings: ExecutorSettings, endpoint: Endpoint, options: CallOptions = {}): Promise<OpenResponse> {
  const base = parseBaseUrl(settings.baseUrl);
  const key = requireKey(endpoint.key, settings.keys[endpoint.key]);
  assertSecureForKeys(base);
  const url = joinUrl(formBase(settings.form, base), endpoint.path);
  const body = endpoint.body === undefined ? undefined : JSON.stringify(endpoint.body);
  const headers: Record<string, string> = {
    Authorization: `Bearer ${key}`,
    'Content-Type': 'application/json',
    Accept: endpoint.accept,
    'User-Agent': settings.userAgent,
    'Content-Length': String(body === undefined ? 0 : Buffer.byteLength(body)),
  };
  const { retry } = settings;
  let serverRetried = false;
  for (let attempt = 1; ; attempt++) {
    await wait(() => settings.limiter.acquire(endpoint.key, options.signal), options.signal);
    const started = Date.now();
    const response = await sendOnce(settings, { method: endpoint.method, url, headers, body }, options);
    const line = `${endpoint.method} ${url.origin}${url.pathname} → ${response.status} (${Date.now() - started} ms)`;
    if (response.status >= 200 && response.status < 300) {
      settings.log(line);
      return response;
    }
    const failure = errorForStatus(response.status, endpoint, parseErrorBody(await readErrorText(response, settings)), response.header('location'));
    if (response.status === 429) {
      // The backoff is the floor: a Retry-After of 0.001 s made four requests in 12 ms.
      const backoff = backoffDelay(retry, attempt - 1);
      const asked = parseRetryAfter(response.header('retry-after'), settings.clock.now());
      const retryAfter = asked !== undefined && asked > backoff ? asked : undefined;
      const delay = retryAfter ?? backoff;
      if (attempt >= retry.maxAttempts) {
        settings.log(`${line}; giving up after ${attempt} attempts`);
        throw new ApiError('rate-limited', `the rate limit is exceeded (429); gave up after ${attempt} attempts`, { ...failure.details(), attempts: attempt });
      }
      if (delay > retry.maxRetryAfterMs) {
        settings.log(`${line}; the service asks to wait ${Math.ceil(delay / 1000)} s, giving up`);
        throw new ApiError('rate-limited', `the rate limit is exceeded (429); the service asks to wait ${Math.ceil(delay / 1000)} s`, { ...failure.details(), attempts: attempt });
      }
      settings.log(`${line}; retry ${attempt}/${retry.maxAttempts - 1} in ${delay} ms${retryAfter === undefined ? '' : ' (Retry-After)'}`);
      await wait(() => settings.clock.sleep(delay, options.signal), options.signal);
      continue;
    }
    if (response.status >= 500 && endpoint.idempotent && !serverRetried) {
      serverRetried = true;
      settings.log(`${line}; retrying once in ${retry.baseDelayMs} ms`);
      await wait(() => settings.clock.sleep(retry.baseDelayMs, options.signal), options.signal);
      continue;
    }
    settings.log(line);
    throw new ApiError(failure.kind, failure.message, { ...failure.details(), attempts: attempt });
  }
}

interface OutgoingRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

async function sendOnce(settings: ExecutorSettings, request: OutgoingRequest, options: CallOptions): Promise<OpenResponse> {
  const timeoutMs = durationOption('timeoutMs', options.timeoutMs, settings.timeoutMs);
  const controller = new AbortController();
  const onCancel = () => controller.abort(CANCELLED);
  if (options.signal?.aborted) throw cancelled();
  options.signal?.addEventListener('abort', onCancel, { once: true });
  // One deadline for the headers and the whole body, so a body that trickles ends too.
  const stopTimer = startTimer(() => controller.abort(TIMEOUT), timeoutMs);
  const release = () => {
    stopTimer();
    options.signal?.removeEventListener('abort', onCancel);
  };
  const explain = (error: unknown) => failureOf(error, controller.signal, request.url, timeoutMs);
  let response: TransportResponse;
  try {
    response = await settings.transport({ ...request, signal: controller.signal });
  } catch (error) {
    release();
    throw explain(error);
  }
  let finished = false;
  const discard = () => {
    release();
    if (!finished && !controller.signal.aborted) controller.abort(CANCELLED);
  };
  async function* body(): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of response.body) yield chunk;
      finished = true;
    } catch (error) {
      throw explain(error);
    } finally {
      discard();
    }
  }
  return { status: response.status, header: response.header, body: body(), discard };
}

async function readErrorText(response: OpenResponse, settings: ExecutorSettings): Promise<string> {
  try {
    return (await readBounded(response.body, Math.min(ERROR_BODY_LIMIT, settings.maxBodyBytes))).toString('utf8');
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'too-large') return '';
    throw error;
  } finally {
    response.discard();
  }
}

async function wait(action: () => Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (signal?.aborted) throw cancelled();
    throw error;
  }
}

function cancelled(): ApiError {
  return new ApiError('cancelled', 'it was cancelled');
}

function failureOf(error: unknown, signal: AbortSignal, url: URL, timeoutMs: number): ApiError {
  if (signal.reason === TIMEOUT) return new ApiError('timeout', `no complete answer from ${url.host} within ${formatSeconds(timeoutMs)}`);
  if (signal.reason === CANCELLED) return cancelled();
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return new ApiError('network', `could not connect to ${url.host}: the connection was refused`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new ApiError('network', `could not find the host ${url.hostname}`);
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ERR_STREAM_PREMATURE_CLOSE' || message === 'aborted' || message === 'socket hang up') {
    return new ApiError('network', `the connection to ${url.host} was dropped before the answer was complete`);
  }
  return new ApiError('network', `network error talking to ${url.host}: ${message}${typeof code === 'string' ? ` (${code})` : ''}`);
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
