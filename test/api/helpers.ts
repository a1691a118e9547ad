import { Clock } from '../../api/src/clock';
import { createDocsApiClient, DocsApiClient, DocsApiClientOptions } from '../../api/src/client';
import { RateLimiter } from '../../api/src/rate-limiter';
import { ApiError } from '../../api/src/errors';
import { CliIO } from '../../cli/src/io';
import { main } from '../../cli/src/main';
import { nodeTransport, Transport, TransportResponse } from '../../api/src/transport';
import { LocalService, SERVICE_KEYS, ServiceOptions, startService } from '../service/service';

export { SERVICE_KEYS };
export const ALL_KEYS = Object.values(SERVICE_KEYS);

/** Starts a service for one test and closes it afterwards. */
export async function withService<T>(options: ServiceOptions, run: (service: LocalService) => Promise<T>): Promise<T> {
  const service = await startService(options);
  try {
    return await run(service);
  } finally {
    await service.close();
  }
}

/** A client of the service with the acme keys and its own limiter; sleeps are virtual unless a clock is given. */
export function clientFor(service: { url: string }, options: Partial<DocsApiClientOptions> = {}): DocsApiClient {
  const clock = options.clock ?? new VirtualClock();
  return createDocsApiClient({
    baseUrl: service.url,
    adminKey: SERVICE_KEYS.admin,
    assistantKey: SERVICE_KEYS.assistant,
    limiter: new RateLimiter({ clock }),
    ...options,
    clock,
  });
}

/**
 * Time that moves only when the code under test sleeps. A sleep first lets pending work settle
 * (`settle`, by default one turn of the event loop), then jumps the clock to its end.
 */
export class VirtualClock implements Clock {
  readonly sleeps: number[] = [];

  constructor(
    public time = Date.parse('2026-01-01T00:00:00Z'),
    private readonly settle: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve)),
  ) {}

  now(): number {
    return this.time;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    signal?.throwIfAborted();
    const target = this.time + ms;
    await this.settle();
    signal?.throwIfAborted();
    this.time = Math.max(this.time, target);
  }
}

/**
 * Service time that moves `stepMs` at each reading (a request reads it a few times): an update's statuses then follow
 * the number of requests, not the machine's speed. With 1 s steps, 100 requests per minute are never reached.
 */
export function steppingClock(stepMs = 1000, start = Date.parse('2026-01-01T00:00:00Z')): { now(): number } {
  let time = start;
  return { now: () => (time += stepMs) };
}

/** Service time that moves only when the test says so: a job's or an update's stages follow the test's steps. */
export function manualClock(start = Date.parse('2026-01-01T00:00:00Z')): { now(): number; advance(ms: number): void } {
  let time = start;
  return { now: () => time, advance: (ms) => void (time += ms) };
}

/** A transport that knows when no request is in flight (sent and not yet read to its end). */
export function trackingTransport(inner: Transport = nodeTransport): { transport: Transport; idle(): Promise<void>; count(): number } {
  let inFlight = 0;
  let sent = 0;
  let waiters: Array<() => void> = [];
  const finish = () => {
    inFlight--;
    const ready = waiters;
    waiters = [];
    ready.forEach((wake) => wake());
  };
  const transport: Transport = async (request) => {
    inFlight++;
    sent++;
    let response;
    try {
      response = await inner(request);
    } catch (error) {
      finish();
      throw error;
    }
    const body = response.body;
    async function* tracked(): AsyncGenerator<Uint8Array> {
      try {
        yield* body;
      } finally {
        finish();
      }
    }
    return { ...response, body: tracked() };
  };
  const idle = async () => {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (inFlight === 0) return;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { transport, idle, count: () => sent };
}

/** A transport answer made up in the test, for shapes the local service never sends. */
export function canned(status: number, text: string, contentType = 'application/json'): TransportResponse {
  async function* body() {
    yield Buffer.from(text);
  }
  return { status, header: (name) => (name.toLowerCase() === 'content-type' ? contentType : undefined), body: body() };
}

export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail, and it succeeded');
}

/** Runs `docs-json ARGS` in process (not on a terminal) with `env`: its exit code and what it printed. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (text) => out.push(text), err: (text) => err.push(text), env, isTTY: false, cwd: process.cwd() };
  const code = await main(args, io);
  return { code, out: out.join(''), err: err.join('') };
}
