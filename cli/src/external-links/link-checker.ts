// The external link check: each URL once, politely (per-host and global bounds, 429 and Retry-After honoured), within
// a time budget. What a status means is decided here (see `verdictOf`); the words of a finding are the checker's.
import { Clock, realClock } from '../../../api/src/clock';
import { parseRetryAfter } from '../../../api/src/retry-policy';
import type { ExternalVerdict } from '../../../server/src/language';
import { isPublicAddress } from './address-policy';
import { Connections, HostResolver, probe, ProbeAnswer, ProbeError, ProbeSettings, systemResolver } from './http-probe';

export interface LinkCheckOptions {
  allowPrivateHosts?: boolean;
  /** Which addresses may be connected to, instead of the policy --allow-private-hosts chooses (tests). */
  allowAddress?: (address: string) => boolean;
  userAgent: string;
  /** Requests in flight to one host (lychee's default is 10; we stay at 8). */
  perHost?: number;
  /** Requests in flight in all. */
  concurrency?: number;
  /** One request's wait for its answer's headers. */
  timeoutMs?: number;
  /** The whole check's; URLs not started by then are skipped. */
  budgetMs?: number;
  maxRedirects?: number;
  /** Requests sent for one URL that keeps answering 429. */
  maxTries?: number;
  /** A Retry-After longer than this is not waited for: the URL is reported rate limited. */
  maxRetryAfterMs?: number;
  clock?: Clock;
  resolve?: HostResolver;
  /** Called as each URL gets its verdict. */
  onVerdict?(done: number, total: number): void;
}

export const DEFAULTS = { perHost: 8, concurrency: 32, timeoutMs: 20_000, budgetMs: 300_000, maxRedirects: 10, maxTries: 3, maxRetryAfterMs: 60_000 };

export const UNRESOLVED = 'its host name does not resolve';

/** The first wait after a 429 without a usable Retry-After; doubled after each. */
const BACKOFF_MS = 1_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/**
 * Names reserved for examples and tests (RFC 2606): `https://api.example.com/v1/users` in a page illustrates, and
 * example.com answers 404 to every path but its root. Not asked, so never a false alarm.
 */
const RESERVED_NAME = /(?:^|\.)(?:example\.(?:com|net|org)|example|invalid|test)\.?$/i;

/** A count of slots: `take` waits for a free one. */
class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}
  async take(): Promise<void> {
    if (this.active < this.size) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

/** One host's slots, and the time before which it asked not to be sent anything (its last Retry-After). */
interface Host {
  slots: Slots;
  pausedUntil: number;
}

/** The verdict of every URL given (each checked once, whatever its count in the list). */
export async function checkExternalUrls(urls: Iterable<string>, options: LinkCheckOptions): Promise<Map<string, ExternalVerdict>> {
  const o = { ...DEFAULTS, ...options };
  const clock = options.clock ?? realClock;
  const allowed = options.allowAddress ?? (options.allowPrivateHosts ? () => true : isPublicAddress);
  const settings: ProbeSettings = { allowed, userAgent: options.userAgent, resolve: options.resolve ?? systemResolver };
  const connections = new Connections(settings, o.perHost);
  const global = new Slots(o.concurrency);
  const hosts = new Map<string, Host>();
  const deadline = clock.now() + o.budgetMs;
  const unique = [...new Set(urls)];
  const verdicts = new Map<string, ExternalVerdict>();

  /** What is left of the budget, or the error of a request that may not start: nothing is left. */
  const leftOrStop = (): number => {
    const left = deadline - clock.now();
    if (left <= 0) throw outOfTime();
    return left;
  };

  /**
   * One request, within its host's and the global bounds, after the host's pause. The budget is looked at after each
   * wait (a slot, the pause), so a request never starts past it, and a pause that would outlast it is not slept.
   */
  const send = async (url: URL, method: 'HEAD' | 'GET'): Promise<ProbeAnswer> => {
    const key = url.host.toLowerCase();
    let host = hosts.get(key);
    if (!host) hosts.set(key, (host = { slots: new Slots(o.perHost), pausedUntil: 0 }));
    leftOrStop();
    await host.slots.take();
    try {
      const pause = host.pausedUntil - clock.now();
      if (pause > 0) {
        if (pause >= leftOrStop()) throw outOfTime();
        await clock.sleep(pause);
      }
      leftOrStop();
      await global.take();
      try {
        return await probe(url, method, Math.min(o.timeoutMs, leftOrStop()), settings, connections);
      } finally {
        global.give();
      }
    } finally {
      host.slots.give();
    }
  };

  /** A request again after each 429, waiting what the host asks (bounded, and never past the budget), `maxTries` in all. */
  const sendPolitely = async (url: URL, method: 'HEAD' | 'GET'): Promise<ProbeAnswer | { limited: number }> => {
    for (let attempt = 1; ; attempt++) {
      const answer = await send(url, method);
      if (answer.status !== 429) return answer;
      const asked = parseRetryAfter(answer.retryAfter, clock.now());
      if (attempt >= o.maxTries || (asked ?? 0) > o.maxRetryAfterMs) return { limited: attempt };
      const wait = asked ?? BACKOFF_MS * 2 ** (attempt - 1);
      if (wait >= leftOrStop()) throw outOfTime();
      const host = hosts.get(url.host.toLowerCase())!;
      host.pausedUntil = Math.max(host.pausedUntil, clock.now() + wait);
    }
  };

  const verdictOf = async (start: string): Promise<ExternalVerdict> => {
    let url = new URL(start);
    if (RESERVED_NAME.test(url.hostname)) return { kind: 'skipped', why: 'a name reserved for examples (RFC 2606)' };
    const seen = new Set([url.href]);
    let method: 'HEAD' | 'GET' = 'HEAD';
    for (let redirects = 0; ; ) {
      const answer = await sendPolitely(url, method);
      if ('limited' in answer) return { kind: 'rate-limited', tries: answer.limited };
      const { status, location } = answer;
      // HEAD is believed only when it says the page is there or moved: many servers refuse it (405, 501, 403) or
      // answer it otherwise than GET, so anything else is asked again with GET before it is called broken.
      if (method === 'HEAD' && !(status < 300 || (REDIRECTS.has(status) && location))) {
        method = 'GET';
        continue;
      }
      if (REDIRECTS.has(status) && location) {
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          return { kind: 'unreachable', why: `it redirects to '${location}', which is no URL` };
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') return { kind: 'ok', status };
        if (seen.has(next.href)) return { kind: 'unreachable', why: `its redirects loop (back to '${next.href}')` };
        if (++redirects > o.maxRedirects) return { kind: 'unreachable', why: `it redirects more than ${o.maxRedirects} times` };
        seen.add(next.href);
        url = next;
        continue;
      }
      if (status === 404 || status === 410) return { kind: 'broken', status, via: url.href === new URL(start).href ? undefined : url.href };
      if (status >= 500) return { kind: 'unreachable', why: `its server answered ${status}` };
      // 401, 403 and the other refusals say the page is there for someone: not breakage we can see.
      return { kind: 'ok', status };
    }
  };

  const checkOne = async (url: string) => {
    let verdict: ExternalVerdict;
    try {
      verdict = await verdictOf(url);
    } catch (error) {
      verdict = failureVerdict(error);
    }
    verdicts.set(url, verdict);
    options.onVerdict?.(verdicts.size, unique.length);
  };
  // Every URL is started at once and waits for its slots: the bounds, not the order, pace the requests.
  try {
    await Promise.all(unique.map(checkOne));
  } finally {
    connections.close();
  }
  return verdicts;
}

const OUT_OF_TIME = "the check's time budget ran out";

function outOfTime(): ProbeError {
  return new ProbeError('EBUDGET', OUT_OF_TIME);
}

/** What a request that got no answer says of its URL. */
function failureVerdict(error: unknown): ExternalVerdict {
  const code = (error as NodeJS.ErrnoException)?.code ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'EPRIVATE') return { kind: 'skipped', why: `${message} (--allow-private-hosts checks it)` };
  if (code === 'EBUDGET') return { kind: 'skipped', why: message, outOfTime: true };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return { kind: 'unreachable', why: UNRESOLVED };
  if (code === 'ECONNREFUSED') return { kind: 'unreachable', why: 'the connection was refused' };
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return { kind: 'unreachable', why: 'its host cannot be reached from here' };
  if (code === 'ECONNRESET' || code === 'EPIPE') return { kind: 'unreachable', why: 'the connection closed without an answer' };
  if (code === 'ETIMEDOUT' && error instanceof ProbeError) return { kind: 'unreachable', why: message };
  if (code.startsWith('HPE_')) return { kind: 'unreachable', why: `its answer is not valid HTTP (${code})` };
  if (/CERT|TLS|SSL/.test(code)) return { kind: 'unreachable', why: `its TLS certificate was refused (${code})` };
  return { kind: 'unreachable', why: code ? `${code}: ${message}` : message };
}
