// A local stand-in for the documentation service: SPEC.md's API plus the platform's paths, on 127.0.0.1.
// Free of test-framework imports so the VS Code extension tests can start it as well.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AgentJobStore, AgentOutcome } from './agent-jobs';
import { AnswerStreamer } from './answer-streamer';
import { AssistantFormat } from './assistant-answer';
import { ActiveFault, applyFault, Fault, FaultHandle } from './faults';
import { DEFAULT_FAILING_PROJECTS, DEFAULT_ORGANIZATIONS, DEFAULT_PAGES, Organization, SearchPage, SERVICE_KEYS } from './fixtures';
import { HttpFailure, parseJsonObject, readBody, sendFailure } from './http-helpers';
import { publishedRoutes } from './published-routes';
import { Caller, KeyClass, serviceRoutes } from './routes';
import { SlidingWindow } from './sliding-window';
import { UpdateOutcome, UpdateStore, UpdateTiming } from './updates';

export type { AssistantFormat, Fault, FaultHandle, Organization, SearchPage, UpdateOutcome, AgentOutcome };
export { SERVICE_KEYS, DEFAULT_PAGES, DEFAULT_ORGANIZATIONS };

export interface ServiceOptions {
  /**
   * The API it serves: SPEC.md's (default) or the platform's published documents (platform-api.md: the main server's
   * `/v1` and `/v2` paths, the discovery server's `/discovery/…`, 201/202 answers, `{ error }` bodies).
   */
  api?: 'spec' | 'published';
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  organizations?: Organization[];
  /** Pages that search and the assistant know; default: the pages of examples/valid. */
  pages?: SearchPage[];
  /** The service's time, for the rate limits and the update and job lifecycles. */
  clock?: { now(): number };
  /** Requests per window and key class, counted per organization. Default 100 admin, 1000 assistant a minute. */
  limits?: { admin?: number; assistant?: number; windowMs?: number };
  /** Send `Retry-After` with the rate limit's own 429s. Default false: SPEC shows no rate-limit headers. */
  sendRetryAfter?: boolean;
  /** Default: queued 40 ms, in progress 80 ms. */
  updateTiming?: Partial<UpdateTiming>;
  /** Projects whose updates fail. Default: `acme-broken`. */
  failingProjects?: string[];
  /** How long an agent job stays active. Default 100 ms. */
  agentJobMs?: number;
  /** Default 'data-stream' (AI-SDK `0:"text"` lines); the published API: 'sse' (AI-SDK UI message stream). */
  assistantFormat?: AssistantFormat;
  /** Pause between streamed pieces of an answer. Default 2 ms. */
  assistantChunkDelayMs?: number;
  /** Repeat the Authorization header in error messages, as a careless service might: for redaction tests. */
  echoAuthorization?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  keyKind: KeyClass | 'unknown' | 'none';
  organization?: string;
  /** The status answered, once the answer is sent (undefined when the connection was dropped). */
  status?: number;
  fault?: string;
  at: number;
}

export interface LocalService {
  url: string;
  port: number;
  keys: typeof SERVICE_KEYS;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Applies a fault to the next matching request(s), before anything else is checked. */
  injectFault(fault: Fault): FaultHandle;
  clearFaults(): void;
  setAssistantFormat(format: AssistantFormat): void;
  setUpdateOutcome(projectId: string, outcome: UpdateOutcome): void;
  /** How jobs created from now on end. */
  setAgentOutcome(outcome: AgentOutcome): void;
  /** Streamed answers stop after their first piece until releaseStreams(). */
  holdStreams(): void;
  releaseStreams(): void;
  /** Resolves when the next streamed answer's connection closes: 'completed' or 'aborted' (client went away). */
  nextStreamClose(): Promise<'completed' | 'aborted'>;
  resetRateLimits(): void;
  close(): Promise<void>;
}

const BODY_LIMIT = 1024 * 1024;

export async function startService(options: ServiceOptions = {}): Promise<LocalService> {
  const clock = options.clock ?? { now: () => Date.now() };
  const organizations = options.organizations ?? DEFAULT_ORGANIZATIONS;
  const pages = options.pages ?? DEFAULT_PAGES;
  const limits = { admin: options.limits?.admin ?? 100, assistant: options.limits?.assistant ?? 1000 };
  const windowMs = options.limits?.windowMs ?? 60_000;
  const updates = new UpdateStore({ queuedMs: options.updateTiming?.queuedMs ?? 40, inProgressMs: options.updateTiming?.inProgressMs ?? 80 });
  const jobs = new AgentJobStore(options.agentJobMs ?? 100);
  const outcomes = new Map<string, UpdateOutcome>((options.failingProjects ?? DEFAULT_FAILING_PROJECTS).map((id) => [id, 'failure']));
  const chunkDelayMs = options.assistantChunkDelayMs ?? 2;
  let agentOutcome: AgentOutcome = 'completed';
  let windows = new Map<string, SlidingWindow>();
  let faults: ActiveFault[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const requests: RecordedRequest[] = [];

  const keys = new Map<string, Caller>();
  for (const organization of organizations) {
    for (const key of organization.adminKeys) keys.set(key, { organization, kind: 'admin' });
    for (const key of organization.assistantKeys) keys.set(key, { organization, kind: 'assistant' });
  }

  const setTimer = (action: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timers.add(timer);
  };
  const pause = (ms: number) => new Promise<void>((resolve) => setTimer(resolve, ms));
  const api = options.api ?? 'spec';
  const streamer = new AnswerStreamer(pages, options.assistantFormat ?? (api === 'published' ? 'sse' : 'data-stream'), chunkDelayMs, pause);
  const routes = (api === 'published' ? publishedRoutes : serviceRoutes)({
    clock,
    organizations,
    pages,
    updates,
    jobs,
    updateOutcome: (projectId) => outcomes.get(projectId) ?? 'success',
    agentOutcome: () => agentOutcome,
    streamAnswer: (res, message) => streamer.stream(res, message),
  });

  function authenticate(req: http.IncomingMessage, record: RecordedRequest): Caller {
    const header = req.headers.authorization;
    const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new HttpFailure(401, 'unauthorized', 'Missing API key: send Authorization: Bearer <key>');
    const caller = keys.get(match[1]);
    record.keyKind = caller?.kind ?? 'unknown';
    if (!caller) throw new HttpFailure(401, 'unauthorized', 'Invalid API key');
    record.organization = caller.organization.id;
    return caller;
  }

  function takeRateSlot(caller: Caller): void {
    const id = `${caller.organization.id}:${caller.kind}`;
    let window = windows.get(id);
    if (!window) windows.set(id, (window = new SlidingWindow(limits[caller.kind], windowMs)));
    if (window.tryTake(clock.now())) return;
    const headers: Record<string, string> = options.sendRetryAfter ? { 'Retry-After': String(Math.ceil(window.waitMs(clock.now()) / 1000)) } : {};
    throw new HttpFailure(429, 'rate_limited', `Rate limit of ${limits[caller.kind]} ${caller.kind} requests per minute exceeded`, undefined, headers);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://service.local');
    const path = url.pathname;
    const record: RecordedRequest = { method, path, keyKind: req.headers.authorization ? 'unknown' : 'none', at: clock.now() };
    requests.push(record);
    res.on('finish', () => (record.status = res.statusCode));
    const fault = faults.find((candidate) => candidate.matches(method, path));
    if (fault) {
      fault.take();
      record.fault = fault.fault.type;
      if ((await applyFault(fault, req, res, { setTimer })) === 'handled') return;
    }
    try {
      let params: string[] | undefined;
      const route = routes.find((candidate) => {
        const match = candidate.method === method ? candidate.pattern.exec(path) : null;
        params = match?.slice(1).map((part) => decodeURIComponent(part));
        return match !== null;
      });
      if (!route || !params) throw new HttpFailure(404, 'not_found', `No endpoint ${method} ${path}`);
      const caller = authenticate(req, record);
      if (caller.kind !== route.key) {
        throw new HttpFailure(403, 'forbidden', `This endpoint needs an ${route.key} API key`, { field: 'Authorization', reason: `${caller.kind} key used` });
      }
      takeRateSlot(caller);
      const body = parseJsonObject(await readBody(req, BODY_LIMIT), req.headers['content-type']);
      await route.handle({ params, query: url.searchParams, body, caller, res });
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const failure = error instanceof HttpFailure ? error : new HttpFailure(500, 'internal_error', 'Internal server error');
      const echo = options.echoAuthorization && req.headers.authorization ? ` (you sent Authorization: ${req.headers.authorization})` : '';
      sendFailure(res, echo ? new HttpFailure(failure.status, failure.code, failure.message + echo, failure.details, failure.headers, failure.publishedBody) : failure, api);
    }
  }

  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  return {
    url: `http://${host}:${port}`,
    port,
    keys: SERVICE_KEYS,
    requests,
    injectFault(fault) {
      const active = new ActiveFault(fault);
      faults.push(active);
      return active;
    },
    clearFaults() {
      faults = [];
    },
    setAssistantFormat(format) {
      streamer.format = format;
    },
    setUpdateOutcome(projectId, outcome) {
      outcomes.set(projectId, outcome);
    },
    setAgentOutcome(outcome) {
      agentOutcome = outcome;
    },
    holdStreams: () => streamer.holdAfterFirstPiece(),
    releaseStreams: () => streamer.release(),
    nextStreamClose: () => streamer.nextClose(),
    resetRateLimits() {
      windows = new Map();
    },
    async close() {
      streamer.release();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
