import type { ServerResponse } from 'node:http';
import { AgentJobStore, AgentOutcome, JobRecord } from './agent-jobs';
import { Organization, SearchPage } from './fixtures';
import { HttpFailure, requireString, sendJson } from './http-helpers';
import { searchPages } from './search-index';
import { UpdateOutcome, UpdateRecord, UpdateStore } from './updates';

export type KeyClass = 'admin' | 'assistant';

export interface Caller {
  organization: Organization;
  kind: KeyClass;
}

export interface RouteContext {
  params: string[];
  query: URLSearchParams;
  body: Record<string, unknown>;
  caller: Caller;
  res: ServerResponse;
}

export interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  key: KeyClass;
  handle(context: RouteContext): void | Promise<void>;
}

export interface RouteDeps {
  clock: { now(): number };
  organizations: Organization[];
  pages: SearchPage[];
  updates: UpdateStore;
  jobs: AgentJobStore;
  updateOutcome(projectId: string): UpdateOutcome;
  agentOutcome(): AgentOutcome;
  streamAnswer(res: ServerResponse, message: string): Promise<void>;
}

/** Whether a caller's organization owns a project or a site: 403 when another one does, 404 when none does. */
export function accessChecks(organizations: Organization[]) {
  return { requireProject, requireDomain };

  function requireProject(caller: Caller, projectId: string): void {
    if (caller.organization.projects.includes(projectId)) return;
    if (organizations.some((org) => org.projects.includes(projectId))) {
      throw new HttpFailure(403, 'forbidden', 'This key has no access to the project', { field: 'projectId', reason: 'belongs to another organization' });
    }
    throw new HttpFailure(404, 'not_found', `Project ${projectId} not found`, { field: 'projectId', reason: 'no such project' });
  }

  function requireDomain(caller: Caller, domain: string): void {
    if (caller.organization.domains.includes(domain)) return;
    if (organizations.some((org) => org.domains.includes(domain))) {
      throw new HttpFailure(403, 'forbidden', 'This key has no access to the documentation site', { field: 'domain', reason: 'belongs to another organization' });
    }
    throw new HttpFailure(404, 'not_found', `Documentation site ${domain} not found`, { field: 'domain', reason: 'no such site' });
  }
}

/** The endpoints: SPEC's two, and the platform's paths for the rest (see api/src/endpoints.ts). */
export function serviceRoutes(deps: RouteDeps): Route[] {
  const { clock, pages, jobs } = deps;
  const { requireDomain } = accessChecks(deps.organizations);

  return [
    ...mainRoutes(deps, { statusView: (view) => view, jobView: (job) => jobs.view(job, clock.now()), jobCreated: 200 }),
    {
      method: 'POST',
      pattern: /^\/v1\/assistant\/message$/,
      key: 'assistant',
      handle: async ({ body, caller, res }) => {
        const domain = requireString(body, 'domain');
        const message = requireString(body, 'message');
        requireDomain(caller, domain);
        await deps.streamAnswer(res, message);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/search\/([^/]+)$/,
      key: 'assistant',
      handle: ({ params: [domain], body, caller, res }) => {
        requireDomain(caller, domain);
        sendJson(res, 200, searchAnswer(pages, body));
      },
    },
  ];
}

/** The search endpoint's answer, the same under both forms: `[{ content, path, metadata }]`. */
export function searchAnswer(pages: SearchPage[], body: Record<string, unknown>): unknown[] {
  const query = requireString(body, 'query');
  const pageSize = body.pageSize ?? 10;
  if (typeof pageSize !== 'number' || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 50) {
    throw new HttpFailure(400, 'invalid_request', 'pageSize must be an integer from 1 to 50', { field: 'pageSize', reason: 'out of range' });
  }
  const threshold = body.scoreThreshold ?? 0;
  if (typeof threshold !== 'number' || threshold < 0 || threshold > 1) {
    throw new HttpFailure(400, 'invalid_request', 'scoreThreshold must be a number from 0 to 1', { field: 'scoreThreshold', reason: 'out of range' });
  }
  return searchPages(pages, query, pageSize, threshold).map(({ page, score }) => ({
    content: page.content,
    path: page.path,
    metadata: { title: page.title, score: Math.round(score * 1000) / 1000 },
  }));
}

/** How the main server's answers differ between the two services. */
export interface MainRouteShape {
  /** The update-status answer, from the SPEC service's view of the update. */
  statusView(view: Record<string, unknown>, update: UpdateRecord): Record<string, unknown>;
  jobView(job: JobRecord): Record<string, unknown>;
  /** The status of a created job: 200 (SPEC's success) or 201 (the published documents). */
  jobCreated: number;
}

/**
 * The main server's endpoints, the same paths in both services: updates, their status, preview deployments (the
 * published documents' endpoint; SPEC names none) and agent jobs.
 */
export function mainRoutes(deps: RouteDeps, shape: MainRouteShape): Route[] {
  const { clock, updates, jobs } = deps;
  const { requireProject } = accessChecks(deps.organizations);
  const findJob = (projectId: string, jobId: string) => {
    const job = jobs.find(projectId, jobId);
    if (!job) throw new HttpFailure(404, 'not_found', `Job ${jobId} not found`, { field: 'jobId', reason: 'no such job' });
    return job;
  };
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/project\/update\/([^/]+)$/,
      key: 'admin',
      handle: ({ params: [projectId], caller, res }) => {
        requireProject(caller, projectId);
        const statusId = updates.create(caller.organization.id, projectId, deps.updateOutcome(projectId), clock.now());
        sendJson(res, 202, { statusId });
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/project\/update-status\/([^/]+)$/,
      key: 'admin',
      handle: ({ params: [statusId], caller, res }) => {
        const update = updates.find(statusId);
        if (!update) throw new HttpFailure(404, 'not_found', `Update ${statusId} not found`, { field: 'statusId', reason: 'no such update' });
        if (update.organization !== caller.organization.id) throw new HttpFailure(403, 'forbidden', 'This key has no access to the update');
        sendJson(res, 200, shape.statusView(updates.view(update, clock.now()), update));
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/project\/preview\/([^/]+)$/,
      key: 'admin',
      handle: ({ params: [projectId], body, caller, res }) => {
        requireProject(caller, projectId);
        const branch = requireString(body, 'branch');
        const previewUrl = `https://${projectId}-${branch.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.preview.docs.test`;
        const statusId = updates.create(caller.organization.id, projectId, deps.updateOutcome(projectId), clock.now(), previewUrl);
        sendJson(res, 202, { statusId, previewUrl });
      },
    },
    {
      method: 'POST',
      pattern: /^\/v2\/agent\/([^/]+)\/job$/,
      key: 'admin',
      handle: ({ params: [projectId], body, caller, res }) => {
        requireProject(caller, projectId);
        const job = jobs.create(projectId, requireString(body, 'prompt'), deps.agentOutcome(), clock.now());
        sendJson(res, shape.jobCreated, shape.jobView(job));
      },
    },
    {
      method: 'GET',
      pattern: /^\/v2\/agent\/([^/]+)\/job\/([^/]+)$/,
      key: 'admin',
      handle: ({ params: [projectId, jobId], caller, res }) => {
        requireProject(caller, projectId);
        sendJson(res, 200, shape.jobView(findJob(projectId, jobId)));
      },
    },
    {
      method: 'POST',
      pattern: /^\/v2\/agent\/([^/]+)\/job\/([^/]+)\/message$/,
      key: 'admin',
      handle: ({ params: [projectId, jobId], body, caller, res }) => {
        requireProject(caller, projectId);
        const prompt = requireString(body, 'prompt');
        const job = findJob(projectId, jobId);
        const status = jobs.status(job, clock.now());
        if (status !== 'active') throw new HttpFailure(400, 'invalid_request', `Job ${jobId} is ${status} and takes no more messages`, { field: 'jobId', reason: `job is ${status}` });
        job.prompts.push(prompt);
        sendJson(res, 200, shape.jobView(job));
      },
    },
  ];
}
