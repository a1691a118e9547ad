// Every path, method, key kind and payload shape of the service, so a change of the service is one edit here.
// Two forms: SPEC.md's (one base URL; trigger update and assistant message as SPEC gives them, the rest after the
// public platform, platform-facts.md) and the platform's published OpenAPI documents (platform-api.md): its main
// server for updates, previews, workflows and agent jobs, its discovery server for search, the assistant and pages.
import { ApiError } from './errors';
import { KeyKind } from './keys';

export type ApiForm = 'spec' | 'published';
export const API_FORMS: readonly ApiForm[] = ['spec', 'published'];

/** The platform's own API host: a base URL there takes the published form unless another is chosen. */
export const PLATFORM_API_HOST = 'api.mintlify.com';

export interface Endpoint {
  /** Name of the operation in messages: "Trigger update". */
  operation: string;
  method: 'GET' | 'POST';
  key: KeyKind;
  /** Safe to send twice: a 5xx answer is retried once. */
  idempotent: boolean;
  path: string;
  body?: unknown;
  /** What a 404 means for this call. */
  notFound: string;
  accept: string;
}

export type UpdateState = 'queued' | 'in_progress' | 'success' | 'failure';

export interface UpdateStatus {
  _id: string;
  status: UpdateState | (string & {});
  logs: string[];
  projectId?: string;
  createdAt?: string;
  endedAt?: string | null;
  summary?: string;
  subdomain?: string;
  author?: string;
  commit?: {
    sha?: string;
    ref?: string;
    message?: string;
    filesChanged?: { added?: unknown; modified?: unknown; removed?: unknown };
  };
  source?: string;
}

export interface AssistantRequest {
  /** Domain of the documentation site that is asked. */
  domain: string;
  message: string;
  /** Published form: the thread the message continues (the `threadId` of an earlier answer). */
  threadId?: string;
}

/** What the published assistant body needs beyond the request: its asker's fingerprint and the message's id and time. */
export interface AssistantEnvelope {
  fp: string;
  messageId: string;
  createdAt: string;
}

export interface PreviewDeployment {
  /** Follow it with Get update status. */
  statusId: string;
  previewUrl: string;
}

export interface PageContent {
  path: string;
  content: string;
}

export interface WorkflowRun {
  schemaId?: string;
  instanceId?: string;
  jobId?: string;
  [key: string]: unknown;
}

export interface SearchRequest {
  domain: string;
  query: string;
  /** 1 to 50; the service's default is 10. */
  pageSize?: number;
  scoreThreshold?: number;
  filter?: Record<string, unknown>;
}

export interface SearchResult {
  content: string;
  /** URL path of the page, e.g. `/guides/authentication`; maps to a page file of the docs repository. */
  path: string;
  metadata: { title?: string; [key: string]: unknown };
}

export type AgentJobStatus = 'active' | 'completed' | 'archived' | 'failed';

export interface AgentJob {
  id: string;
  status: AgentJobStatus | (string & {});
  prLink?: string | null;
  createdAt?: string;
  [key: string]: unknown;
}

/** Names of the operations, as messages say them. */
export const OPERATIONS = {
  triggerUpdate: 'Trigger update',
  updateStatus: 'Get update status',
  waitForUpdate: 'Wait for update',
  assistantMessage: 'Assistant message',
  search: 'Search',
  createAgentJob: 'Create agent job',
  getAgentJob: 'Get agent job',
  agentMessage: 'Agent follow-up message',
  deployPreview: 'Deploy preview',
  pageContent: 'Page content',
  triggerWorkflow: 'Trigger workflow',
} as const;

const JSON_ONLY = 'application/json';
const STREAM_OR_JSON = 'text/event-stream, text/plain;q=0.9, application/json;q=0.8';

/** A form's endpoints; the two differ in where search, the assistant and pages live and in the assistant's body. */
export function endpointsFor(form: ApiForm) {
  const discovery = form === 'published' ? '/discovery' : '';
  return {
    triggerUpdate: (projectId: string): Endpoint => ({
      operation: OPERATIONS.triggerUpdate,
      method: 'POST',
      key: 'admin',
      idempotent: false,
      path: `/v1/project/update/${segment('project id', projectId)}`,
      notFound: `project '${projectId}' not found`,
      accept: JSON_ONLY,
    }),
    updateStatus: (statusId: string): Endpoint => ({
      operation: OPERATIONS.updateStatus,
      method: 'GET',
      key: 'admin',
      idempotent: true,
      path: `/v1/project/update-status/${segment('status id', statusId)}`,
      notFound: `update '${statusId}' not found`,
      accept: JSON_ONLY,
    }),
    assistantMessage: (request: AssistantRequest, envelope: AssistantEnvelope): Endpoint => ({
      operation: OPERATIONS.assistantMessage,
      method: 'POST',
      key: 'assistant',
      idempotent: false,
      ...(form === 'published'
        ? { path: `/discovery/v2/assistant/${segment('domain', request.domain)}/message`, body: publishedAssistantBody(request, envelope) }
        : { path: '/v1/assistant/message', body: { domain: text('domain', request.domain), message: text('message', request.message) } }),
      notFound: `documentation site '${request.domain}' not found`,
      accept: STREAM_OR_JSON,
    }),
    search: (request: SearchRequest): Endpoint => ({
      operation: OPERATIONS.search,
      method: 'POST',
      key: 'assistant',
      idempotent: true,
      path: `${discovery}/v1/search/${segment('domain', request.domain)}`,
      body: {
        query: text('query', request.query),
        ...(request.pageSize === undefined ? {} : { pageSize: pageSize(request.pageSize) }),
        ...(request.scoreThreshold === undefined ? {} : { scoreThreshold: request.scoreThreshold }),
        ...(request.filter === undefined ? {} : { filter: request.filter }),
      },
      notFound: `documentation site '${request.domain}' not found`,
      accept: JSON_ONLY,
    }),
    createAgentJob: (projectId: string, prompt: string): Endpoint => ({
      operation: OPERATIONS.createAgentJob,
      method: 'POST',
      key: 'admin',
      idempotent: false,
      path: `/v2/agent/${segment('project id', projectId)}/job`,
      body: { prompt: text('prompt', prompt) },
      notFound: `project '${projectId}' not found`,
      accept: JSON_ONLY,
    }),
    getAgentJob: (projectId: string, jobId: string): Endpoint => ({
      operation: OPERATIONS.getAgentJob,
      method: 'GET',
      key: 'admin',
      idempotent: true,
      path: `/v2/agent/${segment('project id', projectId)}/job/${segment('job id', jobId)}`,
      notFound: `agent job '${jobId}' of project '${projectId}' not found`,
      accept: JSON_ONLY,
    }),
    agentMessage: (projectId: string, jobId: string, prompt: string): Endpoint => ({
      operation: OPERATIONS.agentMessage,
      method: 'POST',
      key: 'admin',
      idempotent: false,
      path: `/v2/agent/${segment('project id', projectId)}/job/${segment('job id', jobId)}/message`,
      body: { prompt: text('prompt', prompt) },
      notFound: `agent job '${jobId}' of project '${projectId}' not found`,
      accept: JSON_ONLY,
    }),
    /** Not in SPEC: the platform's preview deployment of a branch, followed with Get update status. */
    deployPreview: (projectId: string, branch: string): Endpoint => ({
      operation: OPERATIONS.deployPreview,
      method: 'POST',
      key: 'admin',
      idempotent: false,
      path: `/v1/project/preview/${segment('project id', projectId)}`,
      body: { branch: text('branch', branch) },
      notFound: `project '${projectId}' not found`,
      accept: JSON_ONLY,
    }),
    triggerWorkflow: (projectId: string, workflowId: string): Endpoint => ({
      operation: OPERATIONS.triggerWorkflow,
      method: 'POST',
      key: 'admin',
      idempotent: false,
      path: `/v1/workflow/${segment('project id', projectId)}/${segment('workflow id', workflowId)}/trigger`,
      notFound: `workflow '${workflowId}' of project '${projectId}' not found`,
      accept: JSON_ONLY,
    }),
    /** Published form only: SPEC's one base URL names no page endpoint. */
    pageContent: (domain: string, pagePath: string): Endpoint => {
      if (form !== 'published') throw new ApiError('config', 'page content is an endpoint of the published API form only (choose the published form)');
      return {
        operation: OPERATIONS.pageContent,
        method: 'POST',
        key: 'assistant',
        idempotent: true,
        path: `/discovery/v1/page/${segment('domain', domain)}`,
        body: { path: text('page path', pagePath) },
        notFound: `page '${pagePath}' of documentation site '${domain}' not found`,
        accept: JSON_ONLY,
      };
    },
  };
}

/** The published assistant's body: one user message in the AI SDK's `parts` form, and the required fingerprint `fp`. */
function publishedAssistantBody(request: AssistantRequest, envelope: AssistantEnvelope): Record<string, unknown> {
  const message = { id: envelope.messageId, role: 'user', createdAt: envelope.createdAt, parts: [{ type: 'text', text: text('message', request.message) }] };
  return { fp: text('fingerprint', envelope.fp), ...(request.threadId ? { threadId: request.threadId } : {}), messages: [message] };
}

/**
 * The form a base URL takes: the one chosen, else the published form on the platform's own host and SPEC's
 * elsewhere. Never found out by sending a request: an assistant call costs credits.
 */
export function apiFormFor(baseUrl: string | undefined, chosen?: ApiForm): ApiForm {
  if (chosen) return chosen;
  try {
    return new URL(baseUrl?.trim() ?? '').hostname.toLowerCase().replace(/\.$/, '') === PLATFORM_API_HOST ? 'published' : 'spec';
  } catch {
    return 'spec';
  }
}

/** A form named in a setting or an option; undefined for none (''), an error for an unknown name. */
export function parseApiForm(name: string | undefined): ApiForm | undefined {
  const text = name?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'auto') return undefined;
  if ((API_FORMS as readonly string[]).includes(text)) return text as ApiForm;
  throw new ApiError('config', `the API form '${name}' is not one of ${API_FORMS.join(', ')}`);
}

/**
 * Where the published form's paths start: the host's root. Its documents give the servers as `…/v1` and
 * `…/discovery`; a base URL copied from them ends in one of those, which is dropped so that it is not sent twice.
 */
export function formBase(form: ApiForm, base: URL): URL {
  if (form !== 'published') return base;
  const root = new URL(base.href);
  const segments = base.pathname.split('/').filter(Boolean);
  if (/^(?:v1|discovery)$/i.test(segments.at(-1) ?? '')) segments.pop();
  root.pathname = `/${segments.join('/')}`;
  return root;
}

export function parseTriggerResponse(body: unknown): { statusId: string } {
  const statusId = isRecord(body) ? body.statusId : undefined;
  if (typeof statusId !== 'string' || statusId === '') throw shapeError('an object with a statusId string');
  return { statusId };
}

export function parsePreviewResponse(body: unknown): PreviewDeployment {
  const { statusId } = parseTriggerResponse(body);
  const previewUrl = isRecord(body) ? body.previewUrl : undefined;
  if (typeof previewUrl !== 'string' || previewUrl === '') throw shapeError('an object with statusId and previewUrl strings');
  return { statusId, previewUrl };
}

export function parsePageContent(body: unknown): PageContent {
  if (!isRecord(body) || typeof body.content !== 'string') throw shapeError('a page with a content string');
  return { path: typeof body.path === 'string' ? body.path : '', content: body.content };
}

export function parseWorkflowRun(body: unknown): WorkflowRun {
  if (!isRecord(body)) throw shapeError('an object');
  return textFields(body, ['schemaId', 'instanceId', 'jobId']) as WorkflowRun;
}

export function parseUpdateStatus(body: unknown): UpdateStatus {
  if (!isRecord(body) || typeof body.status !== 'string') throw shapeError('an update status object with a status string');
  const logs = Array.isArray(body.logs) ? body.logs.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))) : [];
  // The published status gives its author as `{ name, avatarUrl, githubUserId }`: its name is what is shown.
  const author = isRecord(body.author) ? body.author.name : body.author;
  const texts = textFields({ ...body, author }, ['_id', 'projectId', 'createdAt', 'endedAt', 'summary', 'subdomain', 'author', 'source']);
  if (isRecord(body.commit)) texts.commit = textFields(body.commit, ['sha', 'ref', 'message']);
  else delete texts.commit;
  return { ...texts, _id: texts._id ?? '', status: body.status, logs } as UpdateStatus;
}

export function isUpdateFinished(status: UpdateStatus): boolean {
  return status.status === 'success' || status.status === 'failure';
}

export function parseSearchResults(body: unknown): SearchResult[] {
  const list = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.results) ? body.results : undefined;
  if (!list) throw shapeError('an array of search results');
  return list.map((item) => {
    if (!isRecord(item) || typeof item.path !== 'string') throw shapeError('search results with a path string');
    const metadata = isRecord(item.metadata) ? textFields(item.metadata, ['title']) : {};
    return { ...item, content: textFields(item, ['content']).content ?? '', path: item.path, metadata } as SearchResult;
  });
}

export function parseAgentJob(body: unknown): AgentJob {
  const job = isRecord(body) && isRecord(body.job) ? body.job : body;
  if (!isRecord(job) || typeof job.id !== 'string' || typeof job.status !== 'string') throw shapeError('an agent job with id and status');
  return textFields(job, ['prLink', 'createdAt']) as AgentJob;
}

/** A plain JSON assistant answer: `{ answer, threadId? }`. */
export function parseAssistantJson(body: unknown): { answer: string; threadId?: string } {
  const answer = isRecord(body) ? body.answer ?? body.text : undefined;
  if (typeof answer !== 'string') throw shapeError('an object with an answer string');
  const threadId = isRecord(body) && typeof body.threadId === 'string' ? body.threadId : undefined;
  return { answer, threadId };
}

/**
 * A copy of `record` whose fields `names` are text, as the types say: a number or true/false written out, any other
 * value (null, an object, a list) left out. A number where a string was due once crashed the printing.
 */
function textFields(record: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const copy = { ...record };
  for (const name of names) {
    const value = copy[name];
    if (typeof value === 'number' || typeof value === 'boolean') copy[name] = String(value);
    else if (typeof value !== 'string') delete copy[name];
  }
  return copy;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shapeError(expected: string): ApiError {
  return new ApiError('invalid-response', `the service's answer is not ${expected}`);
}

function segment(name: string, value: string): string {
  const checked = text(name, value);
  if (checked === '.' || checked === '..') throw new ApiError('invalid-argument', `the ${name} '${checked}' is not valid`);
  return encodeURIComponent(checked);
}

function text(name: string, value: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new ApiError('invalid-argument', `the ${name} is empty`);
  return value;
}

function pageSize(value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > 50) throw new ApiError('invalid-argument', `the page size must be a whole number from 1 to 50 (got ${value})`);
  return value;
}
