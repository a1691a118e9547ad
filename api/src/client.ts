import { AssistantEvent, assistantEvents } from './assistant-stream';
import { boundedChunks, DEFAULT_MAX_BODY_BYTES, parseJsonBody, readBounded } from './bounded-body';
import { Clock, durationOption, realClock } from './clock';
import {
  AgentJob,
  ApiForm,
  apiFormFor,
  AssistantRequest,
  Endpoint,
  endpointsFor,
  OPERATIONS,
  PageContent,
  parseAgentJob,
  parsePageContent,
  parsePreviewResponse,
  parseSearchResults,
  parseTriggerResponse,
  parseUpdateStatus,
  parseWorkflowRun,
  PreviewDeployment,
  SearchRequest,
  SearchResult,
  UpdateStatus,
  WorkflowRun,
} from './endpoints';
import { ApiError } from './errors';
import { RateLimiter, sharedRateLimiter } from './rate-limiter';
import { oneLine } from './printable';
import { createRedactor, redactStrings, Redactor } from './redact';
import { CallOptions, ExecutorSettings, openEndpoint, OpenResponse } from './request-executor';
import { RetryOptions, retryPolicy } from './retry-policy';
import { nodeTransport, Transport } from './transport';
import { waitForUpdateEnd, WaitOptions } from './wait-for-update';

export interface DocsApiClientOptions {
  /** Where the service is, e.g. `https://api.example.com`. Required: no host is assumed. */
  baseUrl?: string;
  /**
   * SPEC's form (one base URL) or the platform's published one (main and discovery servers). Default: published on
   * the platform's own host (api.mintlify.com), SPEC's elsewhere.
   */
  apiForm?: ApiForm;
  /** `mint_…` or `svc_…` (not `…dsc_…`): updates, previews, workflows and agent jobs. */
  adminKey?: string;
  /** `mint_dsc_…` or `svc_dsc_…`: assistant messages, search and page content. */
  assistantKey?: string;
  /** Published form: the asker's fingerprint (`fp`) the assistant requires. Default: one made up per client. */
  fingerprint?: string;
  /** Receives one line per request, retry and give-up; keys are already redacted. */
  logger?: (line: string) => void;
  clock?: Clock;
  /** Default: one limiter shared by the whole process. */
  limiter?: RateLimiter;
  retry?: RetryOptions;
  /** Per request, headers and body together. Default 30 s. */
  timeoutMs?: number;
  /** For a streamed assistant answer. Default 120 s. */
  streamTimeoutMs?: number;
  /** Largest body read. Default 10 MB. */
  maxBodyBytes?: number;
  transport?: Transport;
  userAgent?: string;
}

export interface AskOptions extends CallOptions {
  /** Called with each piece of the answer as it arrives. */
  onText?: (text: string) => void;
}

export interface AssistantAnswer {
  answer: string;
  threadId?: string;
}

export type { CallOptions, WaitOptions };

const reported = new WeakSet<ApiError>();

export class DocsApiClient {
  /** The form of the API this client speaks (see DocsApiClientOptions.apiForm). */
  readonly apiForm: ApiForm;
  private readonly api: ReturnType<typeof endpointsFor>;
  private fingerprint: string | undefined;
  private readonly settings: ExecutorSettings;
  private readonly redact: Redactor;
  private readonly streamTimeoutMs: number;
  private readonly clock: Clock;

  constructor(options: DocsApiClientOptions) {
    this.redact = createRedactor([options.adminKey, options.assistantKey]);
    this.clock = options.clock ?? realClock;
    this.streamTimeoutMs = durationOption('streamTimeoutMs', options.streamTimeoutMs, 120_000);
    this.apiForm = apiFormFor(options.baseUrl, options.apiForm);
    this.api = endpointsFor(this.apiForm);
    this.fingerprint = options.fingerprint;
    const logger = options.logger;
    this.settings = {
      baseUrl: options.baseUrl,
      form: this.apiForm,
      keys: { admin: options.adminKey, assistant: options.assistantKey },
      clock: this.clock,
      limiter: options.limiter ?? sharedRateLimiter(),
      retry: retryPolicy(options.retry),
      transport: options.transport ?? nodeTransport,
      timeoutMs: durationOption('timeoutMs', options.timeoutMs, 30_000),
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      userAgent: options.userAgent ?? 'docs-json-tools',
      log: (line) => {
        try {
          logger?.(oneLine(this.redact(line)));
        } catch {
          // a failing log hook must not fail the request
        }
      },
    };
  }

  /** Text to show that may hold what the service sent (a streamed answer as it grows): the client's keys, in every form, redacted. */
  redactText(text: string): string {
    return this.redact(text);
  }

  /** Starts an update of the project; answers the id to follow it with. */
  triggerUpdate(projectId: string, options?: CallOptions): Promise<{ statusId: string }> {
    return this.json(OPERATIONS.triggerUpdate, () => this.api.triggerUpdate(projectId), parseTriggerResponse, options);
  }

  getUpdateStatus(statusId: string, options?: CallOptions): Promise<UpdateStatus> {
    return this.json(OPERATIONS.updateStatus, () => this.api.updateStatus(statusId), parseUpdateStatus, options);
  }

  /** Polls until `success` or `failure` (answered, not thrown), within the admin rate limit and `maxWaitMs`. */
  waitForUpdate(statusId: string, options: WaitOptions = {}): Promise<UpdateStatus> {
    return this.guard(OPERATIONS.waitForUpdate, () => waitForUpdateEnd((id, call) => this.getUpdateStatus(id, call), this.clock, statusId, options));
  }

  /** The answer as events: pieces of text as they arrive, and the thread id when the service gives one. */
  async *streamAssistantMessage(request: AssistantRequest, options: CallOptions = {}): AsyncGenerator<AssistantEvent> {
    const operation = OPERATIONS.assistantMessage;
    let response: OpenResponse | undefined;
    try {
      const envelope = { fp: (this.fingerprint ??= `docs-json-${globalThis.crypto.randomUUID()}`), messageId: globalThis.crypto.randomUUID(), createdAt: new Date(this.clock.now()).toISOString() };
      response = await openEndpoint(this.settings, this.api.assistantMessage(request, envelope), { signal: options.signal, timeoutMs: options.timeoutMs ?? this.streamTimeoutMs });
      yield* assistantEvents({
        contentType: response.header('content-type'),
        dataStreamHeader: response.header('x-vercel-ai-data-stream'),
        chunks: boundedChunks(response.body, this.settings.maxBodyBytes, response.header('content-length')),
      });
    } catch (error) {
      throw this.report(operation, error);
    } finally {
      response?.discard();
    }
  }

  /** Asks the assistant; `onText` sees the answer as it streams, the promise gives it whole. */
  askAssistant(request: AssistantRequest, options: AskOptions = {}): Promise<AssistantAnswer> {
    return this.guard(OPERATIONS.assistantMessage, async () => {
      const parts: string[] = [];
      let threadId: string | undefined;
      for await (const event of this.streamAssistantMessage(request, options)) {
        if (event.type === 'thread') threadId = event.threadId;
        else {
          parts.push(event.text);
          options.onText?.(event.text);
        }
      }
      return redactStrings({ answer: parts.join(''), threadId }, this.redact);
    });
  }

  search(request: SearchRequest, options?: CallOptions): Promise<SearchResult[]> {
    return this.json(OPERATIONS.search, () => this.api.search(request), parseSearchResults, options);
  }

  /** Deploys `branch` to a preview site of its own; follow the deployment with waitForUpdate(statusId). */
  deployPreview(projectId: string, branch: string, options?: CallOptions): Promise<PreviewDeployment> {
    return this.json(OPERATIONS.deployPreview, () => this.api.deployPreview(projectId, branch), parsePreviewResponse, options);
  }

  /** The text of one page of a site (published form only); `pagePath` as search answers it, e.g. `/quickstart`. */
  getPageContent(domain: string, pagePath: string, options?: CallOptions): Promise<PageContent> {
    return this.json(OPERATIONS.pageContent, () => this.api.pageContent(domain, pagePath), parsePageContent, options);
  }

  triggerWorkflow(projectId: string, workflowId: string, options?: CallOptions): Promise<WorkflowRun> {
    return this.json(OPERATIONS.triggerWorkflow, () => this.api.triggerWorkflow(projectId, workflowId), parseWorkflowRun, options);
  }

  createAgentJob(projectId: string, prompt: string, options?: CallOptions): Promise<AgentJob> {
    return this.json(OPERATIONS.createAgentJob, () => this.api.createAgentJob(projectId, prompt), parseAgentJob, options);
  }

  getAgentJob(projectId: string, jobId: string, options?: CallOptions): Promise<AgentJob> {
    return this.json(OPERATIONS.getAgentJob, () => this.api.getAgentJob(projectId, jobId), parseAgentJob, options);
  }

  /** A follow-up prompt to a job; the service refuses it once the job is completed or failed. */
  sendAgentMessage(projectId: string, jobId: string, prompt: string, options?: CallOptions): Promise<AgentJob> {
    return this.json(OPERATIONS.agentMessage, () => this.api.agentMessage(projectId, jobId, prompt), parseAgentJob, options);
  }

  private async json<T>(operation: string, describe: () => Endpoint, parse: (body: unknown) => T, options: CallOptions = {}): Promise<T> {
    try {
      const endpoint = describe();
      const response = await openEndpoint(this.settings, endpoint, options);
      try {
        const bytes = await readBounded(response.body, this.settings.maxBodyBytes, response.header('content-length'));
        return redactStrings(parse(parseJsonBody(bytes, response.header('content-type'))), this.redact);
      } finally {
        response.discard();
      }
    } catch (error) {
      throw this.report(operation, error);
    }
  }

  private async guard<T>(operation: string, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      throw this.report(operation, error);
    }
  }

  /** The error the caller sees: named after the operation, keys redacted, created here so its stack holds no key. */
  private report(operation: string, error: unknown): ApiError {
    if (error instanceof ApiError && reported.has(error)) return error;
    const source = error instanceof ApiError ? error : new ApiError('network', error instanceof Error ? error.message : String(error));
    const details = source.details();
    const final = new ApiError(source.kind, oneLine(this.redact(`${operation} failed: ${source.message}`)), {
      ...details,
      code: details.code === undefined ? undefined : this.redact(details.code),
      field: details.field === undefined ? undefined : this.redact(details.field),
      reason: details.reason === undefined ? undefined : this.redact(details.reason),
    });
    reported.add(final);
    return final;
  }
}

export function createDocsApiClient(options: DocsApiClientOptions): DocsApiClient {
  return new DocsApiClient(options);
}
