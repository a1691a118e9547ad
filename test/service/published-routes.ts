// The platform's API as its published OpenAPI documents give it (../shared/notes/platform-api.md): the main server's
// updates, previews, workflows and agent jobs, and the discovery server's assistant, search and page content.
import type { ServerResponse } from 'node:http';
import { HttpFailure, requireString, sendJson } from './http-helpers';
import { JobRecord } from './agent-jobs';
import { accessChecks, mainRoutes, Route, RouteDeps, searchAnswer } from './routes';
import { UpdateRecord } from './updates';

/** Workflows each project has, by schema id. */
const WORKFLOWS: Record<string, string[]> = { 'acme-docs': ['wf_translate', 'wf_changelog'] };

export function publishedRoutes(deps: RouteDeps): Route[] {
  const { clock, pages, jobs } = deps;
  const { requireProject, requireDomain } = accessChecks(deps.organizations);
  let instances = 0;

  const jobView = (job: JobRecord) => {
    const view = jobs.view(job, clock.now());
    return { id: view.id, status: view.status, source: { repository: 'acme/docs', ref: 'main' }, model: 'sonnet', prLink: view.prLink, createdAt: view.createdAt, archivedAt: null };
  };
  const findJob = (projectId: string, jobId: string) => {
    const job = jobs.find(projectId, jobId);
    if (!job) throw new HttpFailure(404, 'not_found', `Job ${jobId} not found`);
    return job;
  };
  const session = (job: JobRecord) => {
    const view = jobView(job);
    return { sessionId: job.id, haulted: view.status === 'failed', haultReason: view.status === 'failed' ? 'The agent stopped' : null, pullRequestLink: view.prLink, messageToUser: `Working on: ${job.prompts[0]}`, todos: [] };
  };
  // The status as the published document lists it: the author as an object, and the screenshots.
  const statusView = (view: Record<string, unknown>, update: UpdateRecord) => {
    const screenshot = view.status === 'success' ? `${update.siteUrl}/_screenshot.png` : null;
    const author = { name: 'Docs Writer', avatarUrl: 'https://git.example.test/avatars/docs-writer.png', githubUserId: 4242 };
    return { ...view, author, screenshot, screenshotLight: screenshot, screenshotDark: screenshot };
  };

  const assistant = (version: 'v1' | 'v2'): Route => ({
    method: 'POST',
    pattern: new RegExp(`^/discovery/${version}/assistant/([^/]+)/message$`),
    key: 'assistant',
    handle: async ({ params: [domain], body, caller, res }) => {
      requireDomain(caller, domain);
      requireString(body, 'fp');
      await deps.streamAnswer(res, lastUserText(body.messages));
    },
  });

  return [
    ...mainRoutes(deps, { statusView, jobView, jobCreated: 201 }),
    {
      method: 'POST',
      pattern: /^\/v1\/workflow\/([^/]+)\/([^/]+)\/trigger$/,
      key: 'admin',
      handle: ({ params: [projectId, schemaId], caller, res }) => {
        requireProject(caller, projectId);
        if (!(WORKFLOWS[projectId] ?? []).includes(schemaId)) throw new HttpFailure(404, 'not_found', `Workflow ${schemaId} not found`);
        instances++;
        sendJson(res, 202, { schemaId, instanceId: `wfi_${String(instances).padStart(4, '0')}`, jobId: `wfj_${String(instances).padStart(4, '0')}` });
      },
    },
    // The older agent API: a job from a message list, answered as a stream; sessions read back.
    {
      method: 'POST',
      pattern: /^\/v1\/agent\/([^/]+)\/job$/,
      key: 'admin',
      handle: ({ params: [projectId], body, caller, res }) => {
        requireProject(caller, projectId);
        const messages = body.messages;
        if (!Array.isArray(messages) || messages.length === 0 || !messages.every((m) => isMessage(m) && typeof m.role === 'string' && typeof m.content === 'string')) {
          throw new HttpFailure(400, 'invalid_request', 'messages must be a non-empty list of { role, content }');
        }
        if (body.model !== undefined && body.model !== 'sonnet' && body.model !== 'opus') throw new HttpFailure(400, 'invalid_request', 'model must be sonnet or opus');
        const job = jobs.create(projectId, String(messages.at(-1)!.content), deps.agentOutcome(), clock.now());
        streamEvents(res, [{ type: 'session', sessionId: job.id }, { type: 'message', content: `Working on: ${job.prompts[0]}` }]);
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/agent\/([^/]+)\/job\/([^/]+)$/,
      key: 'admin',
      handle: ({ params: [projectId, jobId], caller, res }) => {
        requireProject(caller, projectId);
        sendJson(res, 200, session(findJob(projectId, jobId)));
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/agent\/([^/]+)\/jobs$/,
      key: 'admin',
      handle: ({ params: [projectId], query, caller, res }) => {
        requireProject(caller, projectId);
        const skip = Number(query.get('skip') ?? 0);
        const take = Number(query.get('take') ?? 20);
        if (!Number.isInteger(skip) || skip < 0 || !Number.isInteger(take) || take < 1) throw new HttpFailure(400, 'invalid_request', 'skip and take must be whole numbers');
        sendJson(res, 200, jobs.all(projectId).slice(skip, skip + take).map(session));
      },
    },
    assistant('v1'),
    assistant('v2'),
    {
      method: 'POST',
      pattern: /^\/discovery\/v1\/search\/([^/]+)$/,
      key: 'assistant',
      handle: ({ params: [domain], body, caller, res }) => {
        requireDomain(caller, domain);
        sendJson(res, 200, searchAnswer(pages, body));
      },
    },
    {
      method: 'POST',
      pattern: /^\/discovery\/v1\/page\/([^/]+)$/,
      key: 'assistant',
      handle: ({ params: [domain], body, caller, res }) => {
        requireDomain(caller, domain);
        const path = requireString(body, 'path');
        const page = pages.find((candidate) => candidate.path === `/${path.replace(/^\/+/, '')}`);
        if (!page) throw new HttpFailure(404, 'not_found', `Page ${path} not found`, undefined, {}, { message: `Page ${path} not found` });
        sendJson(res, 200, { path: page.path, content: `# ${page.title}\n\n${page.content}\n` });
      },
    },
  ];
}

/** The text of the last user message of the published assistant's `messages` (AI SDK `parts`), checked as its document requires. */
function lastUserText(messages: unknown): string {
  if (!Array.isArray(messages) || messages.length === 0) throw new HttpFailure(400, 'invalid_request', 'messages is required');
  for (const message of messages) {
    if (!isMessage(message) || typeof message.id !== 'string' || typeof message.role !== 'string' || !Array.isArray(message.parts)) {
      throw new HttpFailure(400, 'invalid_request', 'each message needs id, role and parts');
    }
  }
  const last = messages.at(-1) as { role: string; parts: unknown[] };
  const text = last.parts.map((part) => (isMessage(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('');
  if (last.role !== 'user' || text.trim() === '') throw new HttpFailure(400, 'invalid_request', 'the last message must be a user message with text');
  return text;
}

function isMessage(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function streamEvents(res: ServerResponse, events: unknown[]): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''));
}


